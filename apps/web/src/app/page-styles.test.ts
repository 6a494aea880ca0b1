import { describe, expect, it } from 'vitest';
import { classesIn, pageStyles, parseCss, printCss } from './page-styles';

// A stylesheet shaped as Tailwind 4 builds it (layers, grouped media, escaped class names, variants).
const CSS = [
  '/*! tailwindcss */@layer theme,base,components,utilities;',
  '@layer theme{:root{--color-primary:#4fbf8b}}',
  '@layer base{*,:after{box-sizing:border-box}button{cursor:pointer}}',
  '@property --tw-scale-x{syntax:"*";inherits:false;initial-value:1}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
  '@layer utilities{.flex{display:flex}.hidden{display:none}.top-1\\.5{top:6px}.group-hover\\:scale-105:is(:where(.group):hover *){scale:1.05}.space-y-2>:not(:last-child){margin-bottom:8px}.before\\:content-\\[\\"\\{\\"\\]:before{content:"{"}}',
  '@media (min-width:48rem){.md\\:flex{display:flex}.md\\:grid{display:grid}}',
  '.not-seller:not(.seller){color:red}.dark\\:x:where(.dark,.dark *){color:black}',
].join('');

describe('page styles (decision 0204)', () => {
  it('parses and prints a stylesheet back to the same rules', () => {
    expect(printCss(parseCss(CSS))).toBe(CSS);
  });

  it('reads the class names of the markup, entities decoded', () => {
    expect([...classesIn('<div class="flex  md:flex"><p class="top-1.5 a&amp;b">x</p></div>')]).toEqual(['flex', 'md:flex', 'top-1.5', 'a&b']);
  });

  it("keeps the rules the markup's classes may match and drops the others, at-rules and rules without classes whole", () => {
    const styles = pageStyles(CSS)('<div class="flex md:flex group not-seller"><a class="group-hover:scale-105 top-1.5">x</a></div>');
    for (const kept of ['--color-primary', 'box-sizing', 'button{cursor', '@property --tw-scale-x', '@keyframes spin', '.flex{', '.md\\:flex{', '.top-1\\.5{', '.group-hover\\:scale-105', '.not-seller:not(.seller)', '.dark\\:x:where(.dark,.dark *)']) {
      expect(styles).toContain(kept);
    }
    for (const dropped of ['.hidden{', '.md\\:grid{', '.space-y-2', 'content:"{"']) expect(styles).not.toContain(dropped);
    // A media block with no rule left goes; one with a rule left stays.
    expect(pageStyles(CSS)('<p class="flex">x</p>')).not.toContain('@media');
  });
});
