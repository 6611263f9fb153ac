// Appended to the page's one inline head script (theme/head/color-mode.ts), so it shares its CSP hash. When the page
// is served outside the configured base URL, every asset URL is wrong and the site "did not load properly"; this
// script then shows a banner that says so and points at the `baseUrl` setting (SPEC §8). It is ES5, depends on its
// argument only (the CSP hash must be stable), builds the banner with DOM calls (the path is never parsed as HTML)
// and styles it through the CSSOM (the CSP forbids style attributes).

export const BASE_URL_BANNER_ID = 'pd-base-url-banner';

export function baseUrlBannerScript(baseUrl: string): string {
  const base = JSON.stringify(baseUrl).replace(/</g, '\\u003c');
  return (
    '(function(){var b=' +
    base +
    ',p=location.pathname;' +
    'if(p.indexOf(b)===0||p+"/"===b)return;' +
    'function el(t,x,s){var e=document.createElement(t);if(x)e.textContent=x;if(s)for(var k in s)e.style[k]=s[k];return e}' +
    'function show(){' +
    `if(document.getElementById("${BASE_URL_BANNER_ID}"))return;` +
    'var c={fontFamily:"ui-monospace,SFMono-Regular,Menlo,monospace",fontSize:"0.9em"};' +
    `var d=el("div",null,{padding:"1rem",background:"#fff8e6",color:"#1c1e21",borderBottom:"3px solid #e13238",font:"16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif",position:"relative",zIndex:"2147483647"});` +
    `d.id="${BASE_URL_BANNER_ID}";d.setAttribute("role","alert");` +
    'd.appendChild(el("strong","This site did not load properly."));' +
    'd.appendChild(document.createTextNode(" It was built for the base URL "));' +
    'd.appendChild(el("code",b,c));' +
    'd.appendChild(document.createTextNode(" but is served at "));' +
    'd.appendChild(el("code",p,c));' +
    'd.appendChild(document.createTextNode(", so its styles and scripts cannot be found. Check the "));' +
    'd.appendChild(el("code","baseUrl",c));' +
    'd.appendChild(document.createTextNode(" setting in site.config.ts: it must be the path the site is served from (for example \\"/\\" or \\"/docs-site/\\")."));' +
    'document.body.insertBefore(d,document.body.firstChild)}' +
    'if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",show);else show()' +
    '})();'
  );
}
