import {
  AUTOCOMPLETE_DEBOUNCE_MS,
  AUTOCOMPLETE_NO_MATCH_TEXT,
  Debouncer,
  normaliseSearchKeyword,
  SEARCH_MESSAGES as M,
} from '@dpms/core';
import type { SearchGroup } from '@dpms/http-client';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';

type Hit = SearchGroup['hits'][number];

/**
 * 全局搜索 in the top bar: asks 300 ms after the last keystroke (the spec's autocomplete), shows
 * the hits grouped by kind with their number, party or person, and opens a hit's screen on click
 * or Enter; ↑↓ move, Esc closes. On a phone it is an icon that opens the box.
 */
export function TopSearch({ mobile = false }: { mobile?: boolean }) {
  const gateway = useService(TOKENS.SearchGateway);
  const scheduler = useService(TOKENS.Scheduler);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [groups, setGroups] = useState<SearchGroup[] | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  // The keyword of the latest ask: an answer to an older one is dropped.
  const latest = useRef('');
  const debouncer = useMemo(
    () =>
      new Debouncer<[string]>(scheduler, AUTOCOMPLETE_DEBOUNCE_MS, (keyword) => {
        latest.current = keyword;
        setBusy(true);
        gateway.search(keyword).then(
          (answer) => {
            if (latest.current !== keyword) return;
            setGroups(answer);
            setActive(0);
            setBusy(false);
          },
          () => {
            if (latest.current !== keyword) return;
            setGroups([]);
            setBusy(false);
          },
        );
      }),
    [gateway, scheduler],
  );
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  useEffect(() => {
    if (expanded) input.current?.focus();
  }, [expanded]);

  const hits: Hit[] = groups?.flatMap((g) => g.hits) ?? [];
  const close = () => {
    debouncer.cancel();
    latest.current = '';
    setGroups(undefined);
    setBusy(false);
    setText('');
    setExpanded(false);
  };
  const open = (hit: Hit) => {
    close();
    input.current?.blur();
    void navigate(hit.route);
  };
  const onChange = (value: string) => {
    setText(value);
    const keyword = normaliseSearchKeyword(value);
    if (!keyword.ok) {
      // Nothing to ask yet (an empty box), or nothing the server would answer.
      debouncer.cancel();
      latest.current = '';
      setGroups(undefined);
      setBusy(false);
      return;
    }
    debouncer.call(keyword.value);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      input.current?.blur();
    } else if (e.key === 'ArrowDown' && hits.length > 0) {
      e.preventDefault();
      setActive((i) => (i + 1) % hits.length);
    } else if (e.key === 'ArrowUp' && hits.length > 0) {
      e.preventDefault();
      setActive((i) => (i - 1 + hits.length) % hits.length);
    } else if (e.key === 'Enter') {
      const hit = hits[active];
      if (hit) {
        e.preventDefault();
        open(hit);
      }
    }
  };

  if (mobile && !expanded)
    return (
      <button
        type="button"
        aria-label={M.label}
        data-testid="top-search-icon"
        onClick={() => setExpanded(true)}
        className="rounded-control p-1.5 text-ink-soft hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand-400"
      >
        <SearchIcon />
      </button>
    );

  const showing = groups !== undefined || busy;
  let index = -1;
  return (
    <div
      className={
        mobile
          ? 'fixed inset-x-0 top-0 z-50 flex h-14 items-center bg-surface px-3 shadow-pop'
          : 'relative w-56 lg:w-72'
      }
      data-testid="top-search"
    >
      <div className="relative w-full">
        <span className="pointer-events-none absolute inset-y-0 left-2 flex items-center text-muted">
          <SearchIcon />
        </span>
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-label={M.label}
          aria-expanded={showing}
          aria-controls="top-search-results"
          aria-autocomplete="list"
          aria-activedescendant={hits[active] ? `top-search-hit-${String(active)}` : undefined}
          placeholder={M.placeholder}
          value={text}
          maxLength={100}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (mobile && text === '') setExpanded(false);
          }}
          className="input w-full pl-8 text-sm"
        />
        {showing && (
          <div
            id="top-search-results"
            role="listbox"
            aria-label={M.label}
            data-testid="top-search-results"
            className="absolute right-0 z-50 mt-1 max-h-[70vh] w-full min-w-72 overflow-auto rounded-control border border-line bg-surface py-1 shadow-pop"
          >
            {groups === undefined ? (
              <div className="px-3 py-2 text-sm text-muted">{M.searching}</div>
            ) : groups.length === 0 ? (
              <div className="px-3 py-2 text-sm text-muted">{AUTOCOMPLETE_NO_MATCH_TEXT}</div>
            ) : (
              groups.map((g) => (
                <div key={g.kind} role="group" aria-label={g.title} data-testid="top-search-group">
                  <div className="px-3 pt-2 pb-1 text-xs font-medium text-muted">{g.title}</div>
                  {g.hits.map((hit) => {
                    index += 1;
                    const i = index;
                    return (
                      <div
                        key={`${hit.kind}-${String(hit.id)}`}
                        id={`top-search-hit-${String(i)}`}
                        role="option"
                        aria-selected={i === active}
                        data-testid="top-search-hit"
                        // Before the input's blur, so a click lands on the hit.
                        onMouseDown={(e) => e.preventDefault()}
                        // A pointer that moves picks the hit; one resting where the list opens
                        // (the browser sends it mouseover/mouseenter, never mousemove) does
                        // not, so the keyword's first hit stays the one Enter opens.
                        onMouseMove={() => setActive(i)}
                        onClick={() => open(hit)}
                        className={`cursor-pointer px-3 py-1.5 ${i === active ? 'bg-brand-50 text-brand-700' : 'text-ink'}`}
                      >
                        <div className="truncate text-sm">{hit.label}</div>
                        {hit.secondary && (
                          <div className="truncate text-xs text-muted">{hit.secondary}</div>
                        )}
                      </div>
                    );
                  })}
                </div>
              ))
            )}
          </div>
        )}
      </div>
    </div>
  );
}

function SearchIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden
    >
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}
