/**
 * What a key does in the chat box (docs/map.md#artist-area): Enter sends, Shift+Enter starts a new line;
 * Enter that confirms an input method's composition (Japanese, Chinese, ...) only confirms it.
 */
export function chatKeyAction(key: { key: string; shiftKey: boolean; isComposing: boolean }): "send" | "newline" | "type" {
  if (key.key !== "Enter" || key.isComposing) return "type";
  return key.shiftKey ? "newline" : "send";
}
