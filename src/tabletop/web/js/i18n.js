// The page's language and its words: t(), tn(), tc() over the compiled gettext catalogs
// (web/i18n/<domain>.<lang>.json, made by `python -m tabletop.i18n compile`). The language
// is the page's <html lang>, which the server chose (?lang=, the stored choice,
// Accept-Language, English). The app's own domain loads before any module that imports
// this one runs (top-level await), so a TEXT table built at import time is translated.
// The msgid is the English text: a missing translation reads in English.

const SEPARATOR = "\u0004"; // gettext's context separator
// "qps" is the pseudo-language of the tests: every message visibly transformed, so that a
// text that escaped the catalogs stands out (tabletop/i18n/catalogs.py, the same letters).
const PSEUDO = "qps";
const LANGUAGES = ["en", "tr", "de", "nl", PSEUDO];

/** "en" | "tr" | "de" | "nl" (or the tests' "qps"): the language the server rendered this page in. */
export const language = (() => {
  const lang = (document.documentElement.lang || "en").toLowerCase().split("-")[0];
  return LANGUAGES.includes(lang) ? lang : "en";
})();
/** The locale for Intl (the pseudo-language formats as English). */
const locale = language === PSEUDO ? "en" : language;

const plurals = new Intl.PluralRules(locale);
const numbers = new Intl.NumberFormat(locale);

const PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ACCENTED = [..."áƀçđéƒğĥíĵķĺɱñóþǫŕšţúṽŵẋýžÁƁÇĐÉƑĞĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ"];

/** A message in the pseudo-language: letters outside {placeholders} accented, between ⟦ ⟧. */
function pseudo(text) {
  const parts = text.split(/(\{\w*\})/);
  const accent = (part) => [...part].map((c) => (PLAIN.includes(c) ? ACCENTED[PLAIN.indexOf(c)] : c)).join("");
  return `⟦${parts.map((p) => (p.startsWith("{") ? p : accent(p))).join("")}⟧`;
}
const shown = language === PSEUDO ? pseudo : (text) => text;

/** A number in the page's language ("1.234" in German). */
export function formatNumber(n, options) {
  return options ? new Intl.NumberFormat(locale, options).format(n) : numbers.format(n);
}

/** A time of day (from a Date, or seconds since 1970) in the page's language. */
export function formatTime(when, options = { hour: "2-digit", minute: "2-digit" }) {
  const date = when instanceof Date ? when : new Date(when * 1000);
  return new Intl.DateTimeFormat(locale, options).format(date);
}

/** How long ago `when` (seconds since 1970) was, in the page's language ("vor 3 Minuten",
 * "3 dakika önce", "3 minuten geleden"): seconds, minutes, hours or days. */
export function formatAgo(when, now = Date.now() / 1000) {
  const ago = Math.max(0, now - when);
  const [value, unit] =
    ago < 60 ? [ago, "second"] : ago < 3600 ? [ago / 60, "minute"] : ago < 86400 ? [ago / 3600, "hour"] : [ago / 86400, "day"];
  return new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(-Math.floor(value), unit);
}

/** A time left in days and hours ("2 days, 3 hours"; "2 Tage und 3 Stunden"), or hours
 * and minutes under a day, in the page's language (Intl units and lists); under an hour,
 * null (a clock's m:ss says it better). */
export function formatDuration(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 3600) return null;
  const [big, small, bigUnit, smallUnit] =
    s >= 86400 ? [Math.floor(s / 86400), Math.floor((s % 86400) / 3600), "day", "hour"] : [Math.floor(s / 3600), Math.floor((s % 3600) / 60), "hour", "minute"];
  const unit = (n, name) => formatNumber(n, { style: "unit", unit: name, unitDisplay: "long" });
  const parts = small > 0 ? [unit(big, bigUnit), unit(small, smallUnit)] : [unit(big, bigUnit)];
  return new Intl.ListFormat(locale, { style: "long", type: "unit" }).format(parts);
}

/** A date and time in the page's language. */
export function formatDateTime(when, options = { dateStyle: "medium", timeStyle: "short" }) {
  return formatTime(when, options);
}

/** `{name}` placeholders from params; numbers are written in the page's language. */
function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === "number" ? formatNumber(value) : String(value);
  });
}

/** The words of one domain: t(msgid, params), tn(singular, plural, n, params), tc(context, msgid, params). */
class Catalog {
  constructor(messages) {
    this.messages = messages || {};
  }

  t(message, params) {
    const found = this.messages[message];
    return fill(shown(typeof found === "string" && found ? found : message), params);
  }

  tn(singular, plural, n, params) {
    const forms = this.messages[singular];
    let text = forms && typeof forms === "object" ? forms[plurals.select(n)] || forms.other : null;
    if (!text) text = plurals.select(n) === "one" ? singular : plural;
    return fill(shown(text), { n, ...params });
  }

  tc(context, message, params) {
    const found = this.messages[context + SEPARATOR + message];
    return fill(shown(typeof found === "string" && found ? found : message), params);
  }
}

async function load(domain) {
  if (language === "en" || language === PSEUDO) return new Catalog({}); // the msgids are the English text
  try {
    const answer = await fetch(`/static/i18n/${domain}.${language}.json`);
    if (!answer.ok) throw new Error(`${answer.status}`);
    return new Catalog((await answer.json()).messages);
  } catch (err) {
    console.warn(`the ${language} ${domain} catalog did not load; showing English`, err);
    return new Catalog({});
  }
}

const loaded = new Map();

/** Another domain's catalog ("rules", "lessons"): `const rules = await catalog("rules")`. */
export function catalog(domain) {
  if (!loaded.has(domain)) loaded.set(domain, load(domain));
  return loaded.get(domain);
}

const app = await catalog("tabletop");

/** A message of the app ("Your move", or "{name} wins" with { name }). */
export const t = (message, params) => app.t(message, params);
/** A message with plural forms by Intl.PluralRules; {n} is n, formatted. */
export const tn = (singular, plural, n, params) => app.tn(singular, plural, n, params);
/** A message with a context, for one English word with two meanings. */
export const tc = (context, message, params) => app.tc(context, message, params);
