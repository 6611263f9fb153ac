export { checkInternalLinks, checkConfigLinks } from './internal-links.ts';
