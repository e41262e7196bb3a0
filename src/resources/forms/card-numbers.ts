// "Card numbers are refused" (spec 4.12): a website form is no place for payment card numbers,
// and storing one would put the workspace in scope of card-data rules. A card number is a run
// of 13 to 19 digits, written together or in groups split by single spaces or dashes, that
// passes the Luhn check. Phone numbers (at most 15 digits, and `+998...` has 12) never qualify.
const DIGIT_RUN = /\d(?:[ -]?\d)*/g;

export function containsCardNumber(text: string): boolean {
  for (const [run] of text.matchAll(DIGIT_RUN)) {
    const digits = run.replace(/[ -]/g, '');
    if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits)) return true;
  }
  return false;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}
