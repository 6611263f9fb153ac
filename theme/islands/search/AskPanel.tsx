// The AI question mode of the search modal: a question goes to SearchData.ai.endpoint, the answer streams in with
// numbered citations linking to the sections it used, and the disclaimer is always shown under it. A site without an
// endpoint (a static host) answers here instead, quoting the best passages of its search index the way the endpoint
// does without a model.

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ASK_DISCLAIMER, askQuestion, parseAnswer, type AskMode, type AskSource } from '../../../src/search-engine/ask.ts';

export interface AskPanelProps {
  /** Where questions go. Without one, `answerLocally` answers them. */
  endpoint?: string;
  /** Loads the in-browser answerer (the code and the search index's entry); called as the panel opens. */
  answerLocally?: () => Promise<(question: string) => Promise<{ sources: AskSource[]; text: string }>>;
  /** Initial question (what was typed in keyword mode). */
  initialQuestion: string;
  /** Back to keyword mode, keeping the question as the query. */
  onBack: (question: string) => void;
  /** A citation was followed. */
  onNavigate: () => void;
}

type AskState =
  | { status: 'idle' }
  | { status: 'streaming' | 'done'; question: string; text: string; sources: AskSource[]; mode?: AskMode }
  | { status: 'error'; question: string; text: string; sources: AskSource[]; message: string };

export function AskPanel({ endpoint, answerLocally, initialQuestion, onBack, onNavigate }: AskPanelProps) {
  const [question, setQuestion] = useState(initialQuestion);
  const [state, setState] = useState<AskState>({ status: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => {
    inputRef.current?.focus();
    // What answers loads while the reader types the question.
    if (!endpoint) answerLocally?.().catch(() => {});
    return () => abortRef.current?.abort();
  }, [endpoint, answerLocally]);

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    const q = question.trim();
    if (!q) return;
    abortRef.current?.abort();
    const abort = new AbortController();
    abortRef.current = abort;
    let text = '';
    let sources: AskSource[] = [];
    setState({ status: 'streaming', question: q, text, sources });
    if (!endpoint) {
      try {
        if (!answerLocally) throw new Error('no search index to answer from');
        const answer = await answerLocally();
        const result = await answer(q);
        if (abort.signal.aborted) return;
        setState({ status: 'done', question: q, text: result.text, sources: result.sources, mode: 'extractive' });
      } catch {
        if (abort.signal.aborted) return;
        setState({ status: 'error', question: q, text, sources, message: 'The documentation index could not be loaded. Check your network connection and try again.' });
      }
      return;
    }
    try {
      const mode = await askQuestion(
        endpoint,
        q,
        (e) => {
          if (e.event === 'sources') sources = e.data.sources;
          else if (e.event === 'delta') text += e.data.text;
          setState({ status: 'streaming', question: q, text, sources });
        },
        { signal: abort.signal },
      );
      setState({ status: 'done', question: q, text, sources, mode });
    } catch (error) {
      if (abort.signal.aborted) return;
      setState({ status: 'error', question: q, text, sources, message: error instanceof Error ? error.message : String(error) });
    }
  };

  const sourceByNumber = new Map(state.status === 'idle' ? [] : state.sources.map((s) => [s.n, s]));

  return (
    <div className="search-ask">
      <form className="search-modal__form" onSubmit={ask}>
        <label className="sr-only" htmlFor="pd-search-ask-input">
          Ask a question about the documentation
        </label>
        <input
          ref={inputRef}
          id="pd-search-ask-input"
          className="search-modal__input"
          type="text"
          autoComplete="off"
          enterKeyHint="send"
          placeholder="Ask a question about the docs…"
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
        />
        <button type="submit" className="button button--primary search-ask__submit" disabled={state.status === 'streaming' || !question.trim()}>
          Ask
        </button>
      </form>
      <div className="search-modal__body search-ask__body">
        {state.status === 'idle' ? (
          <p className="search-ask__hint">Ask in your own words. The answer is based on the documentation and links to the sections it used.</p>
        ) : (
          <div className="search-ask__answer" aria-live="polite" aria-busy={state.status === 'streaming'}>
            <p className="search-ask__question">{state.question}</p>
            {state.text === '' && state.status === 'streaming' && <p className="search-ask__pending">Thinking…</p>}
            {parseAnswer(state.text).map((block, i) => {
              const content = block.parts.map((part, j) => {
                if (part.kind === 'text') return <span key={j}>{part.text}</span>;
                const source = sourceByNumber.get(part.n);
                return source ? (
                  <a key={j} className="search-ask__cite" href={source.url} onClick={onNavigate} title={citationLabel(source)}>
                    [{part.n}]
                  </a>
                ) : (
                  <span key={j}>[{part.n}]</span>
                );
              });
              return block.kind === 'quote' ? <blockquote key={i}>{content}</blockquote> : <p key={i}>{content}</p>;
            })}
            {state.status === 'error' && (
              <div className="search-message search-message--error" role="alert">
                <p className="search-message__title">Unable to get an answer</p>
                <p className="search-message__help">{state.message}</p>
              </div>
            )}
            {state.sources.length > 0 && (
              <div className="search-ask__sources">
                <p className="search-ask__sources-title">Sources</p>
                <ol>
                  {state.sources.map((s) => (
                    <li key={s.n} value={s.n}>
                      <a href={s.url} onClick={onNavigate}>
                        {citationLabel(s)}
                      </a>
                    </li>
                  ))}
                </ol>
              </div>
            )}
          </div>
        )}
        <p className="search-ask__disclaimer">{ASK_DISCLAIMER}</p>
      </div>
      <div className="search-modal__footer">
        <button type="button" className="search-modal__mode" onClick={() => onBack(question)}>
          ← Back to keyword search
        </button>
      </div>
    </div>
  );
}

function citationLabel(s: AskSource): string {
  return s.heading ? `${s.title} › ${s.heading}` : s.title;
}
