// The search page's behaviour (SearchBox.astro): results for the words in the field, as they are
// typed and for `?q=` on arrival, found by Pagefind in the index the build writes to /pagefind/.
// Pagefind's own component UI would bring a second design and several times this page's script;
// this draws our markup from its search API (https://pagefind.app/docs/api/) and nothing more.
export {}; // a module, so that its names (status…) are not the window's

/** The part of Pagefind's browser API this page uses. */
interface Pagefind {
  options(options: { excerptLength?: number }): Promise<void>;
  debouncedSearch(term: string, options?: { filters?: Record<string, string> }, timeoutMs?: number): Promise<{ results: { data(): Promise<ResultData> }[] } | null>;
}
interface ResultData {
  url: string;
  excerpt: string;
  meta: { title?: string; kind?: string };
}

const resultsPerStep = 10;
const root = document.querySelector<HTMLElement>('[data-search]')!;
const form = root.querySelector('form')!;
const input = form.querySelector('input')!;
const kinds = root.querySelector<HTMLFieldSetElement>('[data-search-kinds]')!;
const status = root.querySelector<HTMLElement>('[data-search-status]')!;
const list = root.querySelector<HTMLOListElement>('[data-search-results]')!;
const more = root.querySelector<HTMLButtonElement>('[data-search-more]')!;

let pagefind: Promise<Pagefind> | undefined;
/** Pagefind loads on the first search, so a visit that only browses the index fetches none of it. */
const loadPagefind = () =>
  (pagefind ??= import(/* @vite-ignore */ `${location.origin}/pagefind/pagefind.js`).then(async (module: Pagefind) => {
    await module.options({ excerptLength: 24 });
    return module;
  }));

function resultItem(result: ResultData): HTMLLIElement {
  const item = document.createElement('li');
  item.append(Object.assign(document.createElement('p'), { className: 'search__kind', textContent: result.meta.kind ?? '' }));
  item.append(Object.assign(document.createElement('a'), { href: result.url, textContent: result.meta.title ?? result.url }));
  // Pagefind escapes the page's text and adds only <mark> around the words found.
  item.appendChild(document.createElement('p')).innerHTML = result.excerpt;
  return item;
}

/** The results not shown yet: the next ten come with "Show more results". */
let pending: { data(): Promise<ResultData> }[] = [];
/** The latest search asked for: an older one still finding its results draws none of them. */
let latest = 0;

/** Draws the next results, after the list or (a new search's first) in its place. */
async function showMore(replace = false) {
  const asked = latest;
  const shown = await Promise.all(pending.splice(0, resultsPerStep).map((result) => result.data()));
  if (asked !== latest) return;
  list[replace ? 'replaceChildren' : 'append'](...shown.map(resultItem));
  more.hidden = pending.length === 0;
}

async function search() {
  const asked = ++latest;
  const words = input.value.trim();
  history.replaceState(null, '', words ? `?q=${encodeURIComponent(words)}` : location.pathname);
  if (!words) {
    list.replaceChildren();
    status.textContent = '';
    more.hidden = true;
    return;
  }
  const kind = kinds.querySelector<HTMLInputElement>('input:checked')?.value ?? '';
  const found = await loadPagefind().then((module) => module.debouncedSearch(words, kind ? { filters: { kind } } : {}, 200)).catch(() => undefined);
  if (found === undefined) {
    status.textContent = 'Search is not available just now. Every page of the site is listed below.';
    return;
  }
  // A newer search has started: its results will come instead.
  if (!found || asked !== latest) return;
  pending = [...found.results];
  await showMore(true);
  if (asked !== latest) return;
  const count = found.results.length;
  status.textContent = count === 0 ? `Nothing found for “${words}”. Try another word, or look through every page below.` : `${count} ${count === 1 ? 'page' : 'pages'} found for “${words}”.`;
}

/** Arrow keys move between the field and the results; Enter follows a result (it is a link). */
root.addEventListener('keydown', (event) => {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const links = [...list.querySelectorAll('a')];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (document.activeElement !== input && at === -1) return;
  event.preventDefault();
  const next = event.key === 'ArrowDown' ? at + 1 : at - 1;
  (next < 0 ? input : links[Math.min(next, links.length - 1)])?.focus();
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void search();
});
input.addEventListener('input', () => void search());
kinds.addEventListener('change', () => void search());
// The button goes once all are shown: focus moves to the first result it brought, not to the page's start.
more.addEventListener('click', async () => {
  const shownBefore = list.children.length;
  await showMore();
  list.children[shownBefore]?.querySelector('a')?.focus();
});

kinds.hidden = false;
// A visitor comes here to type: the field is ready, with the words asked for (`?q=`) searched.
input.value = new URLSearchParams(location.search).get('q') ?? '';
input.focus({ preventScroll: true });
if (input.value) void search();
