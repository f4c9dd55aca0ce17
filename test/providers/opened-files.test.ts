import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { interpretClaudeOutput } from '../../src/providers/claude.js';
import { interpretCodexOutput } from '../../src/providers/codex.js';
import { interpretGeminiOutput } from '../../src/providers/gemini.js';
import { filesReadByCommand, OpenedCollector, worktreeRelative } from '../../src/providers/opened-files.js';

// Recorded from the pinned CLIs against the scripted model server (test/contract/model-server),
// each a read-only verifier session in a repository holding src/a.ts and src/b.ts; the
// repository's path is replaced by WORKTREE.
const WORKTREE = '/tmp/okstra-worktree';
const recorded = (name: string): string =>
  readFileSync(join(import.meta.dirname, '../fixtures/cli-output', name), 'utf8');

describe('what a shell command opens', () => {
  it.each([
    ["sed -n '1,5p' src/a.ts", ['src/a.ts']],
    ['cat src/b.ts | head -3', ['src/b.ts']],
    ['nl -ba src/a.ts && tail -n 20 README.md', ['src/a.ts', '20', 'README.md']],
    ['rg -n "needle" src/a.ts src/b.ts', ['src/a.ts', 'src/b.ts']],
    // An option's value is not told apart from an operand: an extra entry, never a missing one.
    ['grep -e needle -- -odd-name.ts', ['needle', '-odd-name.ts']],
    ["awk '{print $1}' data.csv", ['data.csv']],
    ['wc -l < src/a.ts', ['src/a.ts']],
    ['cd src && cat b.ts', ['src/b.ts']],
    ['/bin/bash -lc "sed -n \'1,5p\' src/a.ts"', ['src/a.ts']],
    ["bash -lc 'cd lib && cat x.ts'", ['lib/x.ts']],
    ['git show HEAD:src/a.ts', ['src/a.ts']],
    ['git diff abc1234..def5678 -- src/a.ts', ['src/a.ts']],
    ['git -C sub --no-pager blame file.ts', ['sub/file.ts']],
    ['env LANG=C timeout 5 cat /etc/hosts', ['/etc/hosts']],
    ['cat a.ts 2>&1 > out.txt', ['a.ts']],
  ])('%s → %j', (command, paths) => {
    expect(filesReadByCommand(command).paths).toEqual(paths);
  });

  it('counts no listing, metadata or write', () => {
    for (const command of [
      'ls -la src',
      'find . -name "*.ts"',
      'wc -l src/a.ts',
      'stat src/a.ts',
      'echo hi > src/a.ts',
      'touch x',
      'git status',
      'git log --oneline',
    ]) {
      expect(filesReadByCommand(command), command).toEqual({ paths: [], wholeDiff: false });
    }
  });

  it('reads a git diff or show without paths as the whole change, and a patch log of a path as that path', () => {
    expect(filesReadByCommand('git diff abc1234..HEAD')).toEqual({
      paths: [],
      wholeDiff: true,
      plainDiff: { paths: [], wholeDiff: true },
    });
    expect(filesReadByCommand('git diff --text abc1234..HEAD')).toEqual({ paths: [], wholeDiff: true });
    expect(filesReadByCommand("bash -lc 'git --no-pager show HEAD'").wholeDiff).toBe(true);
    expect(filesReadByCommand('git log -p -- src/a.ts')).toEqual({
      paths: ['src/a.ts'],
      wholeDiff: false,
      plainDiff: { paths: ['src/a.ts'], wholeDiff: false },
    });
  });

  it("keeps apart what only a diff without --text showed, which the tree's attributes may have hidden", () => {
    const c = new OpenedCollector(WORKTREE);
    c.addCommand('git diff abc1234..HEAD -- src/a.js src/b.js');
    c.addCommand('cat src/b.js');
    c.addCommand('git show HEAD:src/c.js');
    expect(c.result(true)).toEqual({
      source: 'events',
      files: ['src/a.js', 'src/b.js', 'src/c.js'],
      plainDiff: { files: ['src/a.js'] },
    });
    c.addCommand('git diff abc1234..HEAD');
    expect(c.result(true)).toMatchObject({ wholeDiff: true, plainDiff: { files: ['src/a.js'], wholeDiff: true } });
    c.addCommand('git -c core.pager=cat diff -a abc1234..HEAD');
    expect(c.result(true)).toEqual({
      source: 'events',
      files: ['src/a.js', 'src/b.js', 'src/c.js'],
      wholeDiff: true,
      plainDiff: { files: ['src/a.js'] },
    });
  });

  it('credits nothing for a diff that prints names or counts instead of the patch', () => {
    for (const command of [
      'git show --stat HEAD',
      "bash -lc 'git --no-pager show --stat HEAD'",
      'git diff --name-only abc1234..HEAD',
      'git diff --name-status abc1234..HEAD -- src/a.ts',
      'git diff --numstat abc1234..HEAD',
      'git diff --shortstat abc1234..HEAD',
      'git show --summary HEAD',
      'git diff --stat=200 abc1234..HEAD src/a.ts',
      'git show --no-patch HEAD',
      'git log --stat -- src/a.ts',
    ]) {
      expect(filesReadByCommand(command), command).toEqual({ paths: [], wholeDiff: false });
    }
    // `-p` asks for the patch beside the stat: the content is shown.
    expect(filesReadByCommand('git show --stat -p HEAD')).toMatchObject({ paths: [], wholeDiff: true });
    expect(filesReadByCommand('git log -p --stat -- src/a.ts')).toMatchObject({
      paths: ['src/a.ts'],
      wholeDiff: false,
    });
  });

  it('never throws on odd shell (unclosed quotes, substitutions, here-docs)', () => {
    for (const command of ['cat "unclosed', "sed -n 'x", 'cat $(echo a)', 'cat <<EOF\nx\nEOF', '', '|||', 'bash -c']) {
      expect(() => filesReadByCommand(command)).not.toThrow();
    }
  });
});

describe('paths relative to the worktree', () => {
  it('keeps what is inside, drops what leaves it', () => {
    expect(worktreeRelative(`${WORKTREE}/src/a.ts`, WORKTREE)).toBe('src/a.ts');
    expect(worktreeRelative('./src//a.ts', `${WORKTREE}/`)).toBe('src/a.ts');
    expect(worktreeRelative('../other/a.ts', WORKTREE)).toBeNull();
    expect(worktreeRelative(`${WORKTREE}-evil/a.ts`, WORKTREE)).toBeNull();
    expect(worktreeRelative('/etc/passwd', WORKTREE)).toBeNull();
    expect(worktreeRelative(WORKTREE, WORKTREE)).toBeNull();
  });

  it('ignores globs and non-strings, and says nothing when the stream was not whole', () => {
    const c = new OpenedCollector(WORKTREE);
    c.addPath('src/*.ts');
    c.addPath(42);
    c.addCommand({ cmd: 'cat a' });
    c.addPath('src/a.ts');
    expect(c.result(true)).toEqual({ source: 'events', files: ['src/a.ts'] });
    expect(c.result(false)).toEqual({ source: 'self-reported' });
  });
});

describe('Claude Code --output-format stream-json', () => {
  const stdout = recorded('claude.jsonl');

  it('reads the outcome from the final result line as the json format did', () => {
    const out = interpretClaudeOutput(stdout, 0, true, WORKTREE);
    expect(out).toMatchObject({
      ok: true,
      finalText: 'final answer',
      sessionId: '3aed7ee0-5ec1-43a4-a936-a728c338656a',
      notes: [],
    });
    expect(out.usage).toMatchObject({ inputTokens: 4936, outputTokens: 224 });
  });

  it('opened: the Read and the Bash cat; the Grep the CLI refused (is_error) does not count', () => {
    expect(interpretClaudeOutput(stdout, 0, true, WORKTREE).opened).toEqual({
      source: 'events',
      files: ['src/a.ts', 'src/b.ts'],
    });
  });

  it('a tool call without a result, a stream cut before system/init, or no cwd: no events claimed', () => {
    const lines = stdout.trimEnd().split('\n');
    // The Bash call's tool_result (line 7) is gone: src/b.ts was never shown to the model.
    const withoutResult = lines.filter((_, i) => i !== 6).join('\n');
    expect(interpretClaudeOutput(withoutResult, 0, true, WORKTREE).opened).toEqual({
      source: 'events',
      files: ['src/a.ts'],
    });
    expect(interpretClaudeOutput(lines.slice(1).join('\n'), 0, true, WORKTREE).opened).toEqual({
      source: 'self-reported',
    });
    expect(interpretClaudeOutput(stdout, 0, true).opened).toBeUndefined();
  });

  it('a crash mid-stream is still a crash, with what was opened so far', () => {
    const cut = stdout.trimEnd().split('\n').slice(0, 3).join('\n');
    const out = interpretClaudeOutput(cut, null, true, WORKTREE);
    expect(out.failure?.kind).toBe('crash');
    expect(out.opened).toEqual({ source: 'events', files: ['src/a.ts'] });
  });
});

describe('codex exec --json', () => {
  it('opened: the commands that exited 0, by what they print', () => {
    const out = interpretCodexOutput(recorded('codex.jsonl'), 0, 'final answer', WORKTREE);
    expect(out).toMatchObject({
      ok: true,
      finalText: 'final answer',
      sessionId: '01a2323e-0b85-7630-924d-c2a5db66a7a0',
    });
    expect(out.opened).toEqual({ source: 'events', files: ['src/a.ts', 'src/b.ts'] });
  });

  it('a failed command counts for nothing; a cd applies to the command after it; a path-limited diff names its path', () => {
    const out = interpretCodexOutput(recorded('codex-diff-failed-cd.jsonl'), 0, null, WORKTREE);
    // src/a.ts only through a diff without --text: whether it showed content is the tree's attributes' say.
    expect(out.opened).toEqual({
      source: 'events',
      files: ['src/a.ts', 'src/b.ts'],
      plainDiff: { files: ['src/a.ts'] },
    });
  });

  it('a file_change counts as opened; a stream without thread.started proves nothing', () => {
    const events = [
      { type: 'thread.started', thread_id: 't' },
      {
        type: 'item.completed',
        item: {
          id: 'i',
          type: 'file_change',
          changes: [{ path: `${WORKTREE}/src/new.ts`, kind: 'add' }],
          status: 'completed',
        },
      },
      {
        type: 'item.completed',
        item: {
          id: 'j',
          type: 'command_execution',
          command: "/bin/bash -lc 'git diff HEAD~1'",
          exit_code: 0,
          status: 'completed',
        },
      },
    ].map((e) => JSON.stringify(e));
    expect(interpretCodexOutput(events.join('\n'), 0, null, WORKTREE).opened).toEqual({
      source: 'events',
      files: ['src/new.ts'],
      wholeDiff: true,
      plainDiff: { files: [], wholeDiff: true },
    });
    expect(interpretCodexOutput(events.slice(1).join('\n'), 0, null, WORKTREE).opened).toEqual({
      source: 'self-reported',
    });
  });
});

describe('gemini -o stream-json', () => {
  it('reads the session, the last turn text, the stream stats and what read_file and grep_search opened', () => {
    expect(interpretGeminiOutput(recorded('gemini.jsonl'), '', 0, WORKTREE)).toEqual({
      ok: true,
      finalText: 'final answer',
      sessionId: '76e847e9-854b-4b96-a4c3-b6373164fbd1',
      usage: { inputTokens: 3702, outputTokens: 168, cachedInputTokens: 0 },
      // grep_search over the folder `src`: the folder, never a file inside it.
      opened: { source: 'events', files: ['src', 'src/a.ts'] },
    });
  });

  it('a failed result names the HTTP status from the API error in its message (exit = status & 255)', () => {
    const out = interpretGeminiOutput(recorded('gemini-http-500.jsonl'), '', 244, WORKTREE);
    expect(out).toMatchObject({
      ok: false,
      sessionId: 'b068dc70-762c-406c-befa-f12bee329097',
      failure: { kind: 'api', message: 'HTTP 500: scripted failure' },
    });
    expect(out.opened).toEqual({ source: 'events', files: [] });
  });

  it('a tool call that failed counts for nothing; text before a tool call is not the answer; exit 0 without a result is a failure', () => {
    const lines = [
      { type: 'init', timestamp: 't', session_id: 's' },
      { type: 'message', timestamp: 't', role: 'assistant', content: 'let me look', delta: true },
      {
        type: 'tool_use',
        timestamp: 't',
        tool_name: 'read_file',
        tool_id: 'r1',
        parameters: { file_path: `${WORKTREE}/src/gone.ts` },
      },
      {
        type: 'tool_result',
        timestamp: 't',
        tool_id: 'r1',
        status: 'error',
        error: { type: 'FILE_NOT_FOUND', message: 'no' },
      },
      {
        type: 'tool_use',
        timestamp: 't',
        tool_name: 'run_shell_command',
        tool_id: 'r2',
        parameters: { command: 'cat src/b.ts' },
      },
      { type: 'tool_result', timestamp: 't', tool_id: 'r2', status: 'success' },
      { type: 'message', timestamp: 't', role: 'assistant', content: 'the ', delta: true },
      { type: 'message', timestamp: 't', role: 'assistant', content: 'answer', delta: true },
    ].map((e) => JSON.stringify(e));
    const withResult = [
      ...lines,
      JSON.stringify({
        type: 'result',
        timestamp: 't',
        status: 'success',
        stats: { input_tokens: 1, output_tokens: 2, cached: 0 },
      }),
    ].join('\n');
    expect(interpretGeminiOutput(withResult, '', 0, WORKTREE)).toMatchObject({
      ok: true,
      finalText: 'the answer',
      opened: { source: 'events', files: ['src/b.ts'] },
    });
    expect(interpretGeminiOutput(lines.join('\n'), '', 0, WORKTREE).ok).toBe(false);
  });
});
