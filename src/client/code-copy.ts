// Copy buttons on code blocks. The build writes no button (without JavaScript it could do nothing, and the block reads
// the same); the runtime adds one to each `.code-block`, on load and after every instant navigation. One delegated
// listener handles the clicks, so swapped-in pages need no re-binding.

import { announce } from './dom-ui.ts';
import { NAVIGATED_EVENT } from './events.ts';

const BUTTON_CLASS = 'code-copy';
const TOOLS_CLASS = 'code-block__tools';
const RESET_MS = 2000;

/**
 * The text a reader wants from a block: the code as shown. In a console session, only the commands after the
 * prompts (a prompt and the output are not something to paste into a terminal).
 */
export function copyText(code: HTMLElement): string {
  const prompts = code.querySelectorAll('.hljs-meta.prompt_');
  if (prompts.length === 0) return code.textContent ?? '';
  const commands: string[] = [];
  for (const prompt of prompts) {
    const command = prompt.nextElementSibling;
    if (command?.classList.contains('language-bash')) commands.push(command.textContent ?? '');
  }
  return commands.join('\n');
}

async function writeClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Not a secure context, or no permission: the older way below still works on a click.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  Object.assign(area.style, { position: 'fixed', top: '0', left: '0', opacity: '0' });
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

function addButtons(): void {
  for (const block of document.querySelectorAll<HTMLElement>('.code-block')) {
    if (block.querySelector(`.${BUTTON_CLASS}`)) continue;
    let tools = block.querySelector<HTMLElement>(`:scope > .${TOOLS_CLASS}`);
    if (!tools) {
      tools = document.createElement('div');
      tools.className = TOOLS_CLASS;
      block.querySelector(':scope > pre')?.before(tools);
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = BUTTON_CLASS;
    button.setAttribute('aria-label', 'Copy code');
    button.textContent = 'Copy';
    // Left of the language label: the label keeps its place when the button appears.
    tools.prepend(button);
  }
}

async function onClick(event: MouseEvent): Promise<void> {
  const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>(`button.${BUTTON_CLASS}`) : null;
  const code = button?.closest('.code-block')?.querySelector<HTMLElement>('pre > code');
  if (!button || !code) return;
  let label: string;
  try {
    await writeClipboard(copyText(code));
    label = 'Copied';
  } catch {
    label = 'Copy failed';
  }
  button.textContent = label;
  button.setAttribute('aria-label', label);
  button.dataset.state = label === 'Copied' ? 'copied' : 'failed';
  announce(label === 'Copied' ? 'Copied to the clipboard' : 'Could not copy to the clipboard');
  window.setTimeout(() => {
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy code');
    delete button.dataset.state;
  }, RESET_MS);
}

export function startCodeCopy(): void {
  addButtons();
  window.addEventListener(NAVIGATED_EVENT, addButtons);
  document.addEventListener('click', (event) => void onClick(event));
}
