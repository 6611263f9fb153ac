import { describe, expect, test, vi } from 'vitest';
import { formatDiagnostic, ProtodocsError } from '../errors/index.ts';
import { render } from './test-support.ts';
import type { RenderOptions } from './types.ts';

const where = (d: { code: string; line?: number; column?: number }) => ({ code: d.code, line: d.line, column: d.column });
const IMPORT = "import Card from '../components/Card.tsx'\n\n";

function renderMdx(source: string, options: Partial<RenderOptions> = {}, lineOffset = 0) {
  return render(source, { mdx: true, lineOffset }, options);
}

describe('MDX components', () => {
  test('renderComponent gets the name, the specifier and literal props; its HTML is inserted raw', () => {
    const renderComponent = vi.fn(() => '<section class="card">ok</section>');
    const source = `${IMPORT}<Card title="Hi" count={3} ratio={ 0.5 } on={false} flag tags={["a", 1]} meta={{"k": {"n": null}}} />\n`;
    const { html, diagnostics } = renderMdx(source, { renderComponent });
    expect(diagnostics).toEqual([]);
    expect(renderComponent).toHaveBeenCalledWith('Card', '../components/Card.tsx', {
      title: 'Hi',
      count: 3,
      ratio: 0.5,
      on: false,
      flag: true,
      tags: ['a', 1],
      meta: { k: { n: null } },
    });
    expect(html).toBe('<section class="card">ok</section>');
  });

  test('children are rendered to HTML and passed as the fourth argument', () => {
    const renderComponent = vi.fn((_n: string, _s: string, _p: object, children?: string) => `<div>${children}</div>`);
    const { html } = renderMdx(`${IMPORT}<Card>\n  Some **bold** text.\n</Card>\n`, { renderComponent });
    expect(renderComponent).toHaveBeenCalledWith('Card', '../components/Card.tsx', {}, '<p>Some <strong>bold</strong> text.</p>');
    expect(html).toBe('<div><p>Some <strong>bold</strong> text.</p></div>');
  });

  test('a component alone on a line is not wrapped in <p>; inline ones stay inline', () => {
    const renderComponent = () => '<span>C</span>';
    expect(renderMdx(`${IMPORT}<Card>text</Card>\n`, { renderComponent }).html).toBe('<span>C</span>');
    expect(renderMdx(`${IMPORT}Before <Card /> after.\n`, { renderComponent }).html).toBe('<p>Before <span>C</span> after.</p>');
  });

  test('lowercase tags are plain HTML elements with literal attributes', () => {
    const { html, diagnostics } = renderMdx(
      '<div className="box wide" data-kind="x" style={{"marginTop": "1em"}} hidden>\n\n*Hi*\n\n</div>\n',
    );
    expect(diagnostics).toEqual([]);
    expect(html).toBe('<div class="box wide" data-kind="x" style="margin-top: 1em" hidden><p><em>Hi</em></p></div>');
  });

  test('a component that is not imported is PD3004, with a suggestion for a near miss', () => {
    const renderComponent = vi.fn(() => '');
    const { diagnostics } = renderMdx(`${IMPORT}Text.\n\n<Crad title="x" />\n\n<Chart />\n`, { renderComponent }, 2);
    expect(diagnostics.map(where)).toEqual([
      { code: 'PD3004', line: 7, column: 1 },
      { code: 'PD3004', line: 9, column: 1 },
    ]);
    expect(formatDiagnostic(diagnostics[0])).toMatchInlineSnapshot(
      `"content/docs/page.md:7:1  PD3004 <Crad> is not an imported component.  (hint: did you mean <Card>?)"`,
    );
    expect(diagnostics[1].hint).toBe("put it in content/components/Chart.tsx and import it at the top of the file: import Chart from '../components/Chart.tsx'");
    expect(renderComponent).not.toHaveBeenCalled();
  });

  test('non-literal and spread props are PD3005 at the attribute, and the component is not rendered', () => {
    const renderComponent = vi.fn(() => '');
    const { diagnostics } = renderMdx(`${IMPORT}<Card title={name} on={ {a: 1} } {...rest} ok="yes" />\n`, { renderComponent }, 1);
    expect(diagnostics.map(where)).toEqual([
      { code: 'PD3005', line: 4, column: 7 },
      { code: 'PD3005', line: 4, column: 20 },
      { code: 'PD3005', line: 4, column: 34 },
    ]);
    expect(formatDiagnostic(diagnostics[0])).toMatchInlineSnapshot(
      `"content/docs/page.md:4:7  PD3005 The prop "title" of <Card> is not a literal, and nothing would evaluate it.  (hint: props must be literals: text="…", count={3}, on={true}, items={["a", "b"]}, data={{"key": "value"}} (JSON))"`,
    );
    expect(renderComponent).not.toHaveBeenCalled();
  });

  test('expressions in the body are PD3005; comments are allowed', () => {
    const { diagnostics, html } = renderMdx('Sum: {1 + 1} {/* note */}\n\n{items.map(x => x)}\n', {}, 3);
    expect(diagnostics.map(where)).toEqual([
      { code: 'PD3005', line: 4, column: 6 },
      { code: 'PD3005', line: 6, column: 1 },
    ]);
    expect(html).toBe('<p>Sum:  </p>');
  });

  test('an exception from renderComponent becomes a diagnostic at the element', () => {
    const { diagnostics } = renderMdx(`${IMPORT}<Card />\n`, {
      renderComponent: () => {
        throw new Error('window is not defined');
      },
    });
    expect(diagnostics.map(where)).toEqual([{ code: 'PD6001', line: 3, column: 1 }]);
    const fromProtodocs = renderMdx(`${IMPORT}<Card />\n`, {
      renderComponent: () => {
        throw new ProtodocsError({ code: 'PD6002', message: 'Island props are not JSON.' });
      },
    }).diagnostics;
    expect(fromProtodocs.map(where)).toEqual([{ code: 'PD6002', line: 3, column: 1 }]);
  });

  test('{/* truncate */} marks the excerpt in MDX', () => {
    const { html, excerptHtml } = renderMdx('First.\n\n{/* truncate */}\n\nSecond.\n');
    expect(excerptHtml).toBe('<p>First.</p>');
    expect(html).toBe('<p>First.</p>\n<p>Second.</p>');
  });
});

describe('MDX component hints', () => {
  const files = (existing: Record<string, string>): RenderOptions['components'] => ({
    find: (name) => existing[name],
    alternative: (specifier) => Object.values(existing).find((s) => s.replace(/\.\w+$/, '') === specifier.replace(/\.\w+$/, '') && s !== specifier),
  });

  test('the import path of a component that is not imported is relative to the page, however deep it is', () => {
    const { diagnostics } = render('<Chart />\n', { mdx: true, file: 'content/docs/guides/deep/page.mdx' }, { file: 'content/docs/guides/deep/page.mdx' });
    expect(diagnostics[0].hint).toBe(
      "put it in content/components/Chart.tsx and import it at the top of the file: import Chart from '../../../components/Chart.tsx'",
    );
    const post = render('<Chart />\n', { mdx: true }, { file: 'content/blog/2025-01-01-launch/index.mdx' });
    expect(post.diagnostics[0].hint).toContain("import Chart from '../../components/Chart.tsx'");
  });

  test('a component file that exists is named as it is: .jsx beside the page, or in content/components', () => {
    const beside = renderMdx('<Chart />\n', { components: files({ Chart: './Chart.jsx' }) });
    expect(beside.diagnostics[0].hint).toBe("import it at the top of the file: import Chart from './Chart.jsx'");
    const shared = renderMdx('<Banner />\n', { components: files({ Banner: '../components/Banner.tsx' }) });
    expect(shared.diagnostics[0].hint).toBe("import it at the top of the file: import Banner from '../components/Banner.tsx'");
  });

  test('an .mdx file of that name is found, and the hint says it cannot be a component', () => {
    const { diagnostics } = renderMdx('<Intro />\n', { components: files({ Intro: './Intro.mdx' }) });
    expect(diagnostics[0].hint).toBe('./Intro.mdx is an MDX file, and only .tsx or .jsx files can be components: copy its text into this page, or make it a .tsx component');
  });
});
