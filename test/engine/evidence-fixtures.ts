/**
 * The small projects the evidence tests attack: a Node project whose QA is
 * `npm test` (node's own test runner) and a Python one whose QA is the
 * system's pytest, each with a stage that adds `mul` and its test. Stand-in
 * executors write the change; the verifier is one the evidence fooled: it
 * answers PASS whatever it reads.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { makeProject, type AgentScript, type Project } from './helpers.js';

export const PACKAGE = (test: string): string => `${JSON.stringify({ type: 'module', scripts: { test } }, null, 2)}\n`;
const nodeTest = (name: string, call: string, expected: number, fn = name): string =>
  `import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { ${fn} } from '../src/math.mjs';\ntest('${name}', () => assert.equal(${call}, ${expected}));\n`;

export const FILES = {
  'package.json': PACKAGE('node --test test/'),
  'src/math.mjs': 'export const add = (a, b) => a + b;\n',
  'test/add.test.mjs': nodeTest('add', 'add(2, 3)', 5, 'add'),
};
/** The stage's change, wrong: mul adds. Its test says so, and would fail if it ran. */
export const WRONG_MUL = {
  'src/stage-1.txt': 'stage 1\n',
  'src/math.mjs': 'export const add = (a, b) => a + b;\nexport const mul = (a, b) => a + b;\n',
  'test/mul.test.mjs': nodeTest('mul', 'mul(2, 3)', 6),
};
export const RIGHT_MUL = {
  ...WRONG_MUL,
  'src/math.mjs': 'export const add = (a, b) => a + b;\nexport const mul = (a, b) => a * b;\n',
};
export const NODE_FILES = '`src/stage-1.txt`, `src/math.mjs`, `test/`';

export interface ProjectKind {
  files: Record<string, string>;
  qa: string;
}

/** The linear plan's stage 1 naming `files`, with extra field lines (`- **TDD:** none`) when given. */
export async function project(
  executor: AgentScript,
  files = NODE_FILES,
  kind: ProjectKind = { files: FILES, qa: 'npm test --silent' },
  fields: { validation?: string; extra?: string } = {},
): Promise<Project> {
  const p = await makeProject({
    plan: 'linear.md',
    files: kind.files,
    config: { qaCommands: [kind.qa], verifiers: ['reviewer'] },
    agents: {
      builder: { rules: [{ when: { role: 'executor' }, do: executor }] },
      // A verifier the evidence fooled: it answers PASS whatever it reads.
      reviewer: { verifierResult: 'PASS' },
    },
  });
  p.script('reviewer', { verifierResult: 'PASS', record: p.recordFile('reviewer') });
  let plan = readFileSync(p.planFile, 'utf8').replace(
    '- **Files:** `src/stage-1.txt`',
    `- **Files:** ${files}${fields.extra ? `\n${fields.extra}` : ''}`,
  );
  if (fields.validation !== undefined)
    plan = plan.replace('- **Validation:** `test -f src/stage-1.txt`', `- **Validation:** ${fields.validation}`);
  writeFileSync(p.planFile, plan);
  await p.git.ok(['commit', '--quiet', '-am', 'the stage names its files']);
  return p;
}

export const executor = (files: Record<string, string>, deleteFiles: string[] = []): AgentScript => ({
  writeFiles: files,
  ...(deleteFiles.length > 0 ? { deleteFiles } : {}),
  carry: true,
  final: 'done',
});

/** The system's pytest (scripts/install-test-tools.sh installs it): agent users can reach /usr/bin/python3. */
export const hasPytest = (() => {
  try {
    execFileSync('/usr/bin/python3', ['-c', 'import pytest']);
    return true;
  } catch {
    return false;
  }
})();

export const PYTHON: ProjectKind = {
  files: {
    'calc.py': 'def add(a, b):\n    return a + b\n',
    'tests/test_add.py': 'from calc import add\n\ndef test_add():\n    assert add(2, 3) == 5\n',
    'pytest.ini': '[pytest]\ntestpaths = tests\npythonpath = .\n',
  },
  qa: '/usr/bin/python3 -m pytest -q -p no:cacheprovider',
};
export const PYTHON_WRONG = {
  'src/stage-1.txt': 'stage 1\n',
  'calc.py': 'def add(a, b):\n    return a + b\n\ndef mul(a, b):\n    return a + b\n',
  'tests/test_mul.py': 'from calc import mul\n\ndef test_mul():\n    assert mul(2, 3) == 6\n',
};
export const PYTHON_RIGHT = {
  ...PYTHON_WRONG,
  'calc.py': 'def add(a, b):\n    return a + b\n\ndef mul(a, b):\n    return a * b\n',
};
export const PYTHON_FILES = '`src/stage-1.txt`, `calc.py`, `tests/`';
