/** The hidden first line of the `/okstra status` comment, one per plan on a pull request, updated in place. */
export function statusCommentMarker(planId: string): string {
  return `<!-- okstra:status plan=${planId} -->`;
}

export function isStatusComment(body: string, planId: string): boolean {
  return body.startsWith(statusCommentMarker(planId));
}
