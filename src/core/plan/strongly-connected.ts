/**
 * Tarjan's strongly connected components, iterative so a long dependency
 * chain cannot overflow the call stack. `successors` must only name nodes
 * in `nodes`.
 */
export function stronglyConnectedComponents(
  nodes: readonly number[],
  successors: ReadonlyMap<number, readonly number[]>,
): number[][] {
  const index = new Map<number, number>();
  const lowLink = new Map<number, number>();
  const onStack = new Set<number>();
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;

  for (const root of nodes) {
    if (index.has(root)) continue;
    // Each frame: a node and how many of its successors were already visited.
    const frames: Array<{ node: number; next: number }> = [{ node: root, next: 0 }];
    index.set(root, counter);
    lowLink.set(root, counter);
    counter++;
    stack.push(root);
    onStack.add(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as { node: number; next: number };
      const next = successors.get(frame.node) ?? [];
      if (frame.next < next.length) {
        const successor = next[frame.next++] as number;
        if (!index.has(successor)) {
          index.set(successor, counter);
          lowLink.set(successor, counter);
          counter++;
          stack.push(successor);
          onStack.add(successor);
          frames.push({ node: successor, next: 0 });
        } else if (onStack.has(successor)) {
          lowLink.set(frame.node, Math.min(lowLink.get(frame.node) as number, index.get(successor) as number));
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent)
        lowLink.set(parent.node, Math.min(lowLink.get(parent.node) as number, lowLink.get(frame.node) as number));
      if (lowLink.get(frame.node) === index.get(frame.node)) {
        const component: number[] = [];
        let member: number;
        do {
          member = stack.pop() as number;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}
