/**
 * Escapes text for HTML and XML (an e-mail's HTML part, a social image's SVG), so nothing a visitor
 * or an editor types can become markup.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
