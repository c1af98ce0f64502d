/**
 * The web view's only assets, served by the bot itself (the CSP allows nothing from elsewhere). The colours are
 * Telegram's theme variables when opened as a Mini App (app.js copies themeParams into them), else light or dark
 * by the system's preference. A page's own styles are declared by its module (pages/, WebPage.css) and served after
 * these in the same /assets/app.css.
 */
export const APP_CSS = `
:root {
  color-scheme: light dark;
  --bg: var(--tg-theme-bg-color, #ffffff);
  --text: var(--tg-theme-text-color, #1f2328);
  --hint: var(--tg-theme-hint-color, #59636e);
  --link: var(--tg-theme-link-color, #0550ae);
  --button: var(--tg-theme-button-color, #1f6feb);
  --button-text: var(--tg-theme-button-text-color, #ffffff);
  --panel: var(--tg-theme-secondary-bg-color, #f6f8fa);
  --danger: var(--tg-theme-destructive-text-color, #c11);
  --l0: color-mix(in srgb, var(--text) 9%, var(--bg));
  --l1: #9be9a8; --l2: #40c463; --l3: #30a14e; --l4: #216e39;
  --on-l: #111;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: var(--tg-theme-bg-color, #0d1117);
    --text: var(--tg-theme-text-color, #e6edf3);
    --hint: var(--tg-theme-hint-color, #9198a1);
    --link: var(--tg-theme-link-color, #6cb6ff);
    --panel: var(--tg-theme-secondary-bg-color, #161b22);
    --danger: var(--tg-theme-destructive-text-color, #ff7b72);
  }
}
* { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 17px; line-height: 1.45; }
body { margin: 0; background: var(--bg); color: var(--text); }
a { color: var(--link); }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid var(--button); outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 8px; top: 8px; background: var(--bg); padding: 4px 8px; z-index: 2; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
header { background: var(--panel); padding: 8px 12px; position: sticky; top: 0; z-index: 1; }
nav ul { display: flex; flex-wrap: wrap; gap: 4px 16px; list-style: none; margin: 0 0 8px; padding: 0; }
nav a { text-decoration: none; font-weight: 600; padding: 6px 0; display: inline-block; }
nav a[aria-current="page"] { text-decoration: underline; text-underline-offset: 4px; }
nav.journals a { font-weight: 400; }
.media-items a.photo { display: block; }
[aria-current="date"] { outline: 2px solid var(--text); outline-offset: -2px; font-weight: 700; }
.in-journal { font-size: 0.8em; font-weight: 400; color: var(--hint); }
.this-month { margin: 0 0 16px; }
ul.photo-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(110px, 1fr)); gap: 6px; }
ul.photo-grid img { width: 100%; height: 120px; object-fit: cover; display: block; border-radius: 4px; }
form.search { display: flex; gap: 8px; }
input { font: inherit; color: var(--text); background: var(--bg); border: 1px solid var(--hint); border-radius: 8px; padding: 6px 10px; min-height: 40px; }
form.search input { flex: 1; min-width: 0; }
button { font: inherit; background: var(--button); color: var(--button-text); border: 0; border-radius: 8px; padding: 6px 14px; min-height: 40px; cursor: pointer; }
button.danger { background: var(--danger); color: #fff; }
a.danger { color: var(--danger); }
form.sign-out button { background: none; color: var(--link); font-weight: 600; padding: 6px 0; min-height: 0; text-decoration: underline; }
main { max-width: 60rem; margin: 0 auto; padding: 12px 16px 48px; }
main:focus { outline: none; }
h1 { font-size: 1.5rem; margin: 12px 0; }
h2 { font-size: 1.15rem; }
.pager { display: flex; flex-wrap: wrap; gap: 8px 20px; }
.pager a { padding: 6px 0; }
.meta { color: var(--hint); margin: 0 0 4px; display: flex; flex-wrap: wrap; gap: 4px 10px; }
.media { font-style: italic; }
.media-items img, .media-items video { max-width: 100%; height: auto; display: block; margin: 0.5em 0; }
.media-items img { max-width: min(100%, 320px); }
.media-items.small img { max-width: 120px; }
.tag { text-decoration: none; }
.entry { border-top: 1px solid var(--l0); padding: 10px 0; }
.content { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
.content.md { white-space: normal; }
.md > :first-child { margin-top: 0; } .md > :last-child { margin-bottom: 0; }
.md p, .md ul, .md ol, .md blockquote, .md pre { margin: 0 0 8px; }
.md blockquote { border-left: 4px solid var(--l0); padding-left: 12px; color: var(--hint); }
.md pre { background: var(--panel); padding: 8px; overflow-x: auto; white-space: pre; }
.md code { background: var(--panel); border-radius: 4px; padding: 0 3px; }
.md h3, .md h4, .md h5, .md h6 { font-size: 1.05rem; margin: 12px 0 6px; }
.md .image, .md .address { color: var(--hint); }
.excerpt { margin: 0; overflow-wrap: anywhere; }
mark { background: color-mix(in srgb, var(--l2) 45%, var(--bg)); color: inherit; border-radius: 2px; padding: 0 1px; }
.starred { color: #d4a72c; }
.place, .weather { font-size: 0.95em; }
.whole { font-size: 1.05rem; margin: 12px 0 24px; }
.open { margin: 6px 0 0; }
blockquote.content { border-left: 4px solid var(--l0); padding-left: 12px; margin: 12px 0; }
.error { color: var(--danger); font-weight: 600; }
.notice { background: var(--panel); padding: 8px 12px; border-radius: 8px; }
.history li { margin-bottom: 12px; }
.count { color: var(--hint); }
.year { display: grid; grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr)); gap: 12px; }
table.month { border-collapse: separate; border-spacing: 2px; }
table.month caption { text-align: left; font-weight: 600; padding: 4px 3px; }
table.month th { font-weight: 400; color: var(--hint); font-size: 0.8rem; }
table.month abbr { text-decoration: none; }
table.month td { padding: 0; }
table.month td > * { display: flex; flex-direction: column; align-items: center; justify-content: center; width: 1.25rem; height: 1.25rem; border-radius: 4px; font-size: 0.6rem; text-decoration: none; color: var(--hint); }
table.month.large { border-spacing: 4px; }
table.month.large td > * { width: 2.7rem; height: 3rem; font-size: 1rem; border-radius: 6px; }
table.month td > a { color: var(--on-l); font-weight: 600; }
table.month small { font-size: 0.7rem; font-weight: 400; }
.l0 { background: var(--l0); } .l1 { background: var(--l1); } .l2 { background: var(--l2); } .l3 { background: var(--l3); } .l4 { background: var(--l4); }
table.month td > a.l3, table.month td > a.l4 { color: #fff; }
/* Mood 1 to 5, dark red to dark green: steps in lightness as well as hue (the stats picture's colours). */
.m1 { background: #8c1d18; } .m2 { background: #e0823d; } .m3 { background: #e8d36a; } .m4 { background: #7fc97f; } .m5 { background: #1b7837; }
table.month td > .m1, table.month td > .m5 { color: #fff; } table.month td > .m2, table.month td > .m3, table.month td > .m4 { color: #1f2328; }
.legend { display: flex; align-items: center; gap: 3px; color: var(--hint); font-size: 0.85rem; }
.legend span { width: 14px; height: 14px; border-radius: 3px; display: inline-block; }
form.inline { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
textarea, select { font: inherit; color: var(--text); background: var(--bg); border: 1px solid var(--hint); border-radius: 8px; padding: 6px 10px; }
textarea { width: 100%; min-height: 12rem; resize: vertical; }
form.write { display: grid; gap: 12px; }
form.write label { font-weight: 600; }
form.write .field { display: grid; gap: 4px; }
.mood-now { font-size: 1.1rem; }
form.mood { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
form.mood button { background: var(--panel); color: var(--text); border: 1px solid var(--l0); min-width: 44px; }
form.mood button[aria-pressed="true"] { background: var(--button); color: var(--button-text); }
.map { white-space: nowrap; }
nav.years { display: flex; flex-wrap: wrap; gap: 2px 12px; margin: 0 0 8px; }
/* A phone: the header is two short rows (the pages, scrolled sideways; the search), not sticky, so it takes
   little of the screen and scrolls away with the page. */
@media (max-width: 600px) {
  header { position: static; padding: 4px 10px 6px; }
  nav ul { flex-wrap: nowrap; overflow-x: auto; gap: 14px; margin: 0 0 2px; scrollbar-width: none; }
  nav li { flex: none; }
  nav a { padding: 3px 0; }
  nav.journals ul { font-size: 0.85rem; }
  nav.journals a { padding: 1px 0; }
  form.search input, form.search button { min-height: 36px; padding: 4px 10px; }
  main { padding-top: 4px; }
}
`;

/**
 * Inside Telegram: reads the launch data from the URL fragment (tgWebAppData, tgWebAppThemeParams), applies the
 * theme, and loads every page and form with the initData in an Authorization header, swapping in the new <body>.
 * Outside Telegram it does nothing: links and forms work as plain HTML with the session cookie.
 */
export const APP_JS = `'use strict';
(function () {
  var launch = new URLSearchParams(location.hash.slice(1));
  var initData = launch.get('tgWebAppData') || sessionStorage.getItem('journal.initData');
  if (!initData) return;
  sessionStorage.setItem('journal.initData', initData);
  var theme = launch.get('tgWebAppThemeParams') || sessionStorage.getItem('journal.theme');
  if (theme) {
    sessionStorage.setItem('journal.theme', theme);
    try {
      var params = JSON.parse(theme);
      Object.keys(params).forEach(function (key) {
        if (/^[a-z_]+$/.test(key) && /^#[0-9a-fA-F]{3,8}$/.test(String(params[key]))) {
          document.documentElement.style.setProperty('--tg-theme-' + key.replace(/_/g, '-'), params[key]);
        }
      });
    } catch (e) { /* a theme that is not JSON is ignored */ }
  }

  function show(text, url, push) {
    var doc = new DOMParser().parseFromString(text, 'text/html');
    document.title = doc.title;
    document.body.replaceWith(document.importNode(doc.body, true));
    if (push) history.pushState(null, '', url);
    var h1 = document.querySelector('main h1');
    var main = document.querySelector('main');
    if (main) main.focus();
    if (h1) window.scrollTo(0, 0);
  }

  function load(url, init, push) {
    init = init || {};
    init.headers = Object.assign({}, init.headers, { Authorization: 'tma ' + initData });
    return fetch(url, init).then(function (res) {
      return res.text().then(function (text) { show(text, res.url || url, push); });
    });
  }

  document.addEventListener('click', function (event) {
    var link = event.target.closest && event.target.closest('a[href]');
    if (!link || link.origin !== location.origin || event.ctrlKey || event.metaKey) return;
    if (link.hash && link.pathname === location.pathname) return;
    if (link.pathname.indexOf('/media/') === 0) return; // a photo or a file: the browser opens it, not as a page
    event.preventDefault();
    load(link.href, null, true);
  });

  document.addEventListener('submit', function (event) {
    var form = event.target;
    event.preventDefault();
    var data = new URLSearchParams(new FormData(form));
    if ((form.method || 'get').toLowerCase() === 'post') {
      // A form with files (the write form's photos) goes as multipart, as the browser itself would send it.
      var body = form.enctype === 'multipart/form-data' ? new FormData(form) : data;
      load(form.action, { method: 'POST', body: body }, true);
    } else {
      load(form.action.split('?')[0] + '?' + data.toString(), null, true);
    }
  });

  window.addEventListener('popstate', function () { load(location.href, null, false); });
  load(location.pathname + location.search, null, false);
})();
`;

export const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#30a14e"/><rect x="4" y="3" width="8" height="10" rx="1" fill="#fff"/><path d="M6 6h4M6 8h4M6 10h3" stroke="#30a14e"/></svg>`;
