/**
 * The avatar's initials: the first letter of each word of the name, uppercased; the first letter of the email
 * when there is no name.
 */
export function initials(name: string | null | undefined, email: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0)
    return words
      .map((word) => firstLetter(word))
      .join('')
      .toUpperCase();
  return firstLetter((email ?? '').trim()).toUpperCase();
}

/** The first user-perceived character, so an emoji or accented letter is not cut in half. */
function firstLetter(text: string): string {
  const [first = ''] = Array.from(text);
  return first;
}
