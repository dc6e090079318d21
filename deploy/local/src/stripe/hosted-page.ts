import type { StripeObject } from "./objects";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** Minor units as the buyer reads them: 1999 usd -> "$19.99". */
export function formatAmount(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return new Intl.NumberFormat("en", { style: "currency", currency: code }).format(amount / 10 ** digits);
}

/**
 * The hosted checkout page of a session: the item and amount, and two buttons, `Pay` and `Decline`, each a
 * form posting to the session's pay or decline route. A session no longer open shows its state instead.
 */
export function checkoutPage(session: StripeObject, itemName: string): string {
  const amount = formatAmount(session.amount_total as number, session.currency as string);
  const path = `/c/pay/${encodeURIComponent(session.id)}`;
  const body =
    session.status === "open"
      ? `<p>Pay <strong id="amount">${escapeHtml(amount)}</strong> for <span id="item">${escapeHtml(itemName)}</span>.</p>
    <form method="post" action="${path}/pay"><button type="submit" name="action" value="pay">Pay</button></form>
    <form method="post" action="${path}/decline"><button type="submit" name="action" value="decline">Decline</button></form>`
      : `<p role="status">This checkout session is ${escapeHtml(String(session.status))}.</p>`;
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Checkout: ${escapeHtml(itemName)}</title></head>
  <body>
  <main aria-labelledby="heading">
    <h1 id="heading">${escapeHtml(itemName)}</h1>
    <p>Test mode: a local Stripe stand-in; no card is charged.</p>
    ${body}
  </main>
  </body>
</html>
`;
}

/** Where Checkout sends the buyer: the URL with `{CHECKOUT_SESSION_ID}` replaced, as Stripe does. */
export function redirectUrl(template: string, sessionId: string): string {
  return template.replaceAll("{CHECKOUT_SESSION_ID}", sessionId);
}
