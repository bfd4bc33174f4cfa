// The referral card's share links (issue 47): WhatsApp's "click to chat" with the text prefilled
// (https://wa.me/?text=…, which opens the app on a phone and WhatsApp Web elsewhere).
export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
