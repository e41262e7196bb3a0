// Text placed in the HTML report's markup and attributes: the five characters that could end or open markup, as character references.
export function esc(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
