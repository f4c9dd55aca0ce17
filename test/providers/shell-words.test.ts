import { describe, expect, it } from 'vitest';
import { CommandLineError, parseCommandLine, splitShellWords } from '../../src/providers/shell-words.js';

describe('splitShellWords', () => {
  it.each([
    ['node scripts/agent.mjs --fast', ['node', 'scripts/agent.mjs', '--fast']],
    ['  node\t a   b \n c ', ['node', 'a', 'b', 'c']],
    [`'a b' "c d"`, ['a b', 'c d']],
    [`--msg="hello world"`, ['--msg=hello world']],
    [`a'b'"c"d`, ['abcd']],
    [`'' ""`, ['', '']],
    [`x '' y`, ['x', '', 'y']],
    [`a\\ b`, ['a b']],
    [`\\'quoted\\'`, [`'quoted'`]],
    [`"say \\"hi\\""`, ['say "hi"']],
    [`"back\\\\slash"`, ['back\\slash']],
    [`"keep \\n as is"`, ['keep \\n as is']],
    [`'no \\ escapes in single quotes'`, ['no \\ escapes in single quotes']],
    [`"$HOME" '$(x)' '|' "a;b" '>'`, ['$HOME', '$(x)', '|', 'a;b', '>']],
    [`"\\$HOME"`, ['$HOME']],
    ['*.ts ~/x a=b', ['*.ts', '~/x', 'a=b']],
    ['price $5 50%', ['price', '$5', '50%']],
    ['a \\\n b', ['a', 'b']],
    ['a\\\nb', ['ab']],
    ['"multi\nline"', ['multi\nline']],
    ['', []],
    ['   ', []],
  ])('%j → %j', (line, words) => {
    expect(splitShellWords(line)).toEqual(words);
  });

  it.each([
    [`node 'unclosed`, /unbalanced single quote at column 6/],
    [`node "unclosed`, /unbalanced double quote at column 6/],
    [`node "a\\"`, /unbalanced double quote/],
    ['node trailing\\', /backslash at the end/],
    ['agent | tee log', /unquoted "\|" at column 7 is shell syntax.*without a shell/],
    ['agent > out', /unquoted ">"/],
    ['a && b', /unquoted "&"/],
    ['a; b', /unquoted ";"/],
    ['echo `date`', /unquoted "`"/],
    ['agent $HOME', /unquoted "\$H".*shell variable/],
    ['agent ${X}', /unquoted "\$\{"/],
    ['agent $(date)', /unquoted "\$\("/],
  ])('refuses %j', (line, message) => {
    expect(() => splitShellWords(line)).toThrow(message);
    expect(() => splitShellWords(line)).toThrow(CommandLineError);
  });
});

describe('parseCommandLine', () => {
  it('splits program and arguments', () => {
    expect(parseCommandLine(`node "my agent.mjs" --model 'x y'`)).toEqual({
      file: 'node',
      args: ['my agent.mjs', '--model', 'x y'],
    });
  });

  it('refuses a line that names no program', () => {
    expect(() => parseCommandLine('   ')).toThrow(/names no program/);
    expect(() => parseCommandLine(`'' --flag`)).toThrow(/names no program/);
  });
});
