/** Escapes text for HTML and XML (an e-mail's HTML part, a problem page): nothing a visitor or an editor types becomes markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
