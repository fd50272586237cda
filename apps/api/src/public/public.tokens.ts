/** the web app's server renderer of the card's page (null when the web app is not built) */
export const CARD_PAGES = Symbol('CARD_PAGES');
