/** What JSON carries exactly (escaped) and UTF-8 cannot: each must reach the console as the guest wrote it. */
export const SURROGATE_TEXTS = {
  'a lone high surrogate': 'x\ud800y',
  'a lone low surrogate': 'x\udc00y',
  'a reversed pair': '\udc00\ud800',
  'a valid pair': '\ud83d\ude00',
};
