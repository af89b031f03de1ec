/** A search description of at most `max` characters: as many whole sentences as fit, else the first cut at a word, with "…". */
export function searchDescription(text: string, max = 160): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed.length <= max) return trimmed;
  const sentences = trimmed.match(/[^.!?]+[.!?]+(?=\s|$)/g) ?? [];
  let fitted = '';
  for (const sentence of sentences) {
    const next = `${fitted}${sentence}`.trim();
    if (next.length > max) break;
    fitted = `${next} `;
  }
  if (fitted.trim()) return fitted.trim();
  const cut = trimmed.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,;:]$/, '')}…`;
}

/** `text` then `suffix` within `max` characters, the text cut at a word to make room: "… (page 2 of 5)". */
export function withSuffix(text: string, suffix: string, max = 160): string {
  const whole = `${text}${suffix}`;
  if (whole.length <= max) return whole;
  const room = text.slice(0, max - suffix.length - 1);
  return `${room.slice(0, room.lastIndexOf(' ')).replace(/[,;:.]$/, '')}…${suffix}`;
}
