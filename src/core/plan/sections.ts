import type { Heading } from 'mdast';
import { headingSource } from './headings.js';
import { outlineStart, type OutlineNode } from './outline.js';

/** A level-2 section: its heading, the nodes under it, and where it ends. */
export interface Section {
  heading: Heading;
  content: OutlineNode[];
  end: number;
}

/**
 * Every level-2 section whose heading text matches `title`. A section runs
 * until the next heading of depth 1 or 2, or the end of the document.
 */
export function findSections(outline: readonly OutlineNode[], src: string, title: RegExp): Section[] {
  const sections: Section[] = [];
  for (let i = 0; i < outline.length; i++) {
    const node = outline[i] as OutlineNode;
    if (node.type !== 'heading' || node.depth !== 2 || !title.test(headingSource(src, node))) continue;
    let next = i + 1;
    while (next < outline.length && !isSectionBoundary(outline[next] as OutlineNode)) next++;
    const after = outline[next];
    sections.push({
      heading: node,
      content: outline.slice(i + 1, next),
      end: after ? outlineStart(after) : src.length,
    });
  }
  return sections;
}

function isSectionBoundary(node: OutlineNode): boolean {
  return node.type === 'heading' && node.depth <= 2;
}
