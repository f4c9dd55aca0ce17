import { describe, expect, it } from 'vitest';
import {
  codeBlock,
  escapeBlock,
  escapeInline,
  inlineCode,
  linkTarget,
  mermaidLabel,
  stripInvisible,
} from '../../src/core/text/escape.js';

const ZWSP = '\u200b';

describe('escapeInline', () => {
  it('breaks @mentions of users and teams so nobody is notified', () => {
    expect(escapeInline('ping @octocat and @acme/security')).toBe(`ping @${ZWSP}octocat and @${ZWSP}acme/security`);
  });

  it('turns HTML into inert text', () => {
    expect(escapeInline('<script>alert(1)</script><img src=x onerror=y>')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=y&gt;',
    );
    expect(escapeInline('<!-- okstra:report plan=x stage=1 -->')).not.toContain('<!--');
  });

  it('neutralises emphasis, links, code, tables and line-start markers', () => {
    expect(escapeInline('**bold** [link](http://x) `code` a|b ~~s~~')).toBe(
      '\\*\\*bold\\*\\* \\[link\\](http://x) \\`code\\` a\\|b \\~\\~s\\~\\~',
    );
    expect(escapeInline('# heading')).toBe('\\# heading');
    expect(escapeInline('- item')).toBe('\\- item');
    expect(escapeInline('1. item')).toBe('1\\. item');
  });

  it('keeps text on one line', () => {
    expect(escapeInline('one\n\n## two\r\nthree')).toBe('one ## two three');
  });

  it('drops bidi overrides, zero-width and control characters', () => {
    expect(escapeInline('a\u202eb\u200bc\u0007d')).toBe('abcd');
  });
});

describe('escapeBlock', () => {
  it('keeps line breaks as hard breaks and escapes each line start', () => {
    expect(escapeBlock('first\n# not a heading\n> not a quote\n    not code')).toBe(
      'first  \n\\# not a heading  \n&gt; not a quote  \nnot code',
    );
  });

  it('cannot form a setext heading or a thematic break', () => {
    expect(escapeBlock('Title\n===\n---')).toBe('Title  \n\\===  \n\\---');
  });

  it('keeps paragraphs and collapses runs of blank lines', () => {
    expect(escapeBlock('a\n\n\n\nb\n')).toBe('a\n\nb');
  });
});

describe('code', () => {
  it('codeBlock uses a fence longer than any backtick run inside', () => {
    const block = codeBlock('before\n````\nafter');
    expect(block.startsWith('`````\n')).toBe(true);
    expect(block.endsWith('\n`````')).toBe(true);
  });

  it('codeBlock strips ANSI colour codes', () => {
    expect(codeBlock('\u001b[31mred\u001b[0m')).toBe('```\nred\n```');
  });

  it('inlineCode pads backtick edges and escapes pipes in tables', () => {
    expect(inlineCode('`x`')).toBe('`` `x` ``');
    expect(inlineCode('a | b', { inTable: true })).toBe('`a \\| b`');
  });
});

describe('mermaidLabel', () => {
  it('writes quotes, angle brackets, backticks and hashes as Mermaid entities', () => {
    expect(mermaidLabel('say "hi" <b> `x` #1 & more')).toBe('say #quot;hi#quot; #lt;b#gt; #96;x#96; #35;1 #amp; more');
  });
});

describe('linkTarget', () => {
  it('accepts http(s) only and encodes parentheses', () => {
    expect(linkTarget('https://example.com/a_(b)')).toBe('https://example.com/a_%28b%29');
    expect(linkTarget('javascript:alert(1)')).toBeNull();
    expect(linkTarget('https://x y')).toBeNull();
  });
});

describe('stripInvisible', () => {
  it('normalises CRLF and keeps tabs', () => {
    expect(stripInvisible('a\r\n\tb\rc')).toBe('a\n\tb\nc');
  });
});
