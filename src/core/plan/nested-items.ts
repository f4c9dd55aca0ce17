import type { RootContent } from 'mdast';
import { fieldItemFromNode, type FieldItem } from './field-items.js';
import { pushAll } from '../arrays.js';

/** The items of every list directly under a field, flattened, depth first. */
export function nestedListItems(nested: readonly RootContent[], src: string): FieldItem[] {
  const items: FieldItem[] = [];
  for (const node of nested) {
    if (node.type !== 'list') continue;
    for (const child of node.children) {
      const item = fieldItemFromNode(child, src);
      items.push(item);
      pushAll(items, nestedListItems(item.nested, src));
    }
  }
  return items;
}
