import { load } from 'cheerio';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import Home from '../../content/pages/index.tsx';
import { makeSite } from '../testing/fixtures.ts';

describe('home page module (content/pages/index.tsx)', () => {
  it('has one h1, calls to action and feature cards', () => {
    const $ = load(renderToString(<Home site={makeSite()} />));
    expect($('h1')).toHaveLength(1);
    const ctas = $('.hero .button').map((_, el) => $(el).attr('href')).get();
    expect(ctas).toEqual(['/docs/quickstart/', '/docs/protocol/schema/']);
    expect($('.features .feature__title').map((_, el) => $(el).text()).get()).toEqual([
      'Signed receipts',
      'Verifiable signatures',
      'Publisher control',
      'SDKs and plugins',
    ]);
  });

  it('joins links with the base URL', () => {
    const $ = load(renderToString(<Home site={makeSite({ baseUrl: '/iaindex/' })} />));
    $('a').each((_, el) => {
      expect($(el).attr('href')).toMatch(/^\/iaindex\/docs\//);
    });
  });
});
