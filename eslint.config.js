import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      // The agent CLI cache (install-clis): third-party packages, Copilot CLI's unpacked one outside any node_modules.
      '.cache/',
      // ajv's standalone output, written by scripts/gen-schemas.ts and checked for drift by the tests.
      'src/core/report/schema/validators.generated.*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
  {
    // A spread into push/unshift or Math.max/min passes every element as an argument: a stage that changes
    // 200,000 files overflows the call stack and the stage can never get a verdict. Loop, concat or reduce instead.
    files: ['src/**/*.ts', 'bot/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(push|unshift)$/] > SpreadElement',
          message:
            'Spreading into push/unshift overflows the call stack on a large array: use a for…of loop or concat.',
        },
        {
          selector: 'CallExpression[callee.object.name="Math"][callee.property.name=/^(max|min)$/] > SpreadElement',
          message: 'Math.max/min(...array) overflows the call stack on a large array: use a reduce or a loop.',
        },
      ],
    },
  },
  {
    // The core is pure: processes, git, the file system and the network live at the edges.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:fs',
                'node:fs/*',
                'node:child_process',
                'node:net',
                'node:http',
                'node:https',
                'execa',
                '@actions/*',
                'octokit',
                'probot',
              ],
              message: 'src/core/ is pure: do I/O in src/git, src/github, src/providers or src/engine behind a port.',
            },
            {
              group: [
                '../../git/*',
                '../../cli/*',
                '../../action/*',
                '../../engine/*',
                '../../providers/*',
                '../../github/*',
              ],
              message: 'src/core/ must not import outer layers.',
            },
          ],
        },
      ],
    },
  },
  {
    // The trigger use cases are shared by the bot and the Action: neither shell's framework may leak in.
    files: ['src/triggers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['probot', '@actions/*', 'node:child_process', 'execa'],
              message: 'src/triggers/ is shell-neutral: Probot and runner wiring live in bot/ and src/action/.',
            },
            {
              group: ['../action/*', '../cli/*', '../../bot/*'],
              message: 'src/triggers/ is called by the shells; it must not import them.',
            },
          ],
        },
      ],
    },
  },
);
