import { describe, expect, it } from 'vitest';
import { compileUriTemplate, type MatchBudget } from '../../src/main/providers/mcp/compileUriTemplate';

const budget = (limit = 10_000_000): MatchBudget => ({ steps: 0, limit });
const matches = (template: string, uri: string): boolean =>
  compileUriTemplate(template).match(uri, budget()) === 'match';

describe('compileUriTemplate: RFC 6570 levels 1-3', () => {
  it.each([
    // level 1
    ['logs://{year}-{month}-{day}', 'logs://2024-05-17', true],
    ['logs://{year}-{month}-{day}', 'logs://2024-05-17/', false],
    ['demo://text/{id}', 'demo://text/7', true],
    ['demo://text/{id}', 'demo://text/Hello%20World', true],
    ['demo://text/{id}', 'demo://text/a/b', false],
    ['demo://text/{id}', 'demo://text/a%2Fb', true],
    ['demo://text/{id}', 'demo://text/a%2', false],
    ['demo://text/{id}', 'demo://text/a?b', false],
    ['demo://text/{id}', 'other://text/7', false],
    // level 2
    ['file:///{+path}', 'file:///etc/hosts', true],
    ['file:///{+path}', 'file:///a/b?c=d#e', true],
    ['page://x{#frag}', 'page://x#sec/1,2', true],
    ['page://x{#frag}', 'page://x', true],
    ['page://x{#frag}', 'page://xsec', false],
    // level 3
    ['map://{x,y}', 'map://1024,768', true],
    ['map://{x,y}', 'map://1024', true],
    ['host://www{.dom}', 'host://www.example.com', true],
    ['host://www{.dom}', 'host://wwwexample', false],
    ['repo://{/owner,name}', 'repo:///octo/hello', true],
    ['repo://{/owner,name}', 'repo://octo', false],
    ['m://x{;x,y}', 'm://x;x=1;y=2', true],
    ['m://x{;x,empty}', 'm://x;x=1;empty', true],
    ['m://x{;x}', 'm://x;y=1', false],
    ['q://search{?q,lang}', 'q://search?q=cat&lang=en', true],
    ['q://search{?q,lang}', 'q://search?lang=en', true],
    ['q://search{?q,lang}', 'q://search', true],
    ['q://search{?q,lang}', 'q://search?lang=en&q=cat', false],
    ['q://search{?q,lang}', 'q://search?evil=1', false],
    ['q://search{?q}{&page}', 'q://search?q=cat&page=2', true],
    // lists (comma-joined values) and level 4's explode
    ['l://{list}', 'l://red,green,blue', true],
    ['l://{/list*}', 'l:///red/green/blue', true],
    ['l://{?list}', 'l://?list=red,green', true],
    ['l://{?list*}', 'l://?list=red&list=green', true],
    ['l://{var:3}', 'l://val', true],
  ])('%s against %s: %s', (template, uri, expected) => {
    expect(matches(template, uri)).toBe(expected);
  });

  it('refuses what is not a URI template', () => {
    for (const bad of ['a{b', 'a}b', '{=x}', '{a b}', '{x,}', '{}', 'x{a{b}}'])
      expect(() => compileUriTemplate(bad), bad).toThrow(/URI template/);
  });
});

describe('compileUriTemplate: work linear in the URI', () => {
  it('decides the 3,000-dash URI against logs://{year}-{month}-{day} in steps linear in its length', () => {
    const uri = 'logs://' + '-'.repeat(3000) + '/';
    const work = budget();
    expect(compileUriTemplate('logs://{year}-{month}-{day}').match(uri, work)).toBe('no-match');
    expect(work.steps).toBeLessThan(100 * uri.length);
  });

  it('decides 12 adjacent variables on a 40-character URI in a few thousand steps', () => {
    const template =
      'x://' +
      'abcdefghijkl'
        .split('')
        .map((name) => `{${name}}`)
        .join('');
    const uri = 'x://' + 'a'.repeat(35) + '/';
    const work = budget();
    expect(compileUriTemplate(template).match(uri, work)).toBe('no-match');
    expect(work.steps).toBeLessThan(20_000);
    expect(compileUriTemplate(template).match('x://' + 'a'.repeat(36), budget())).toBe('match');
  });

  it('stops at the budget and says so', () => {
    const template = 'x://' + Array.from({ length: 200 }, (_, i) => `{v${i}}`).join('');
    const work = budget(50_000);
    expect(compileUriTemplate(template).match('x://' + 'a'.repeat(8000), work)).toBe('over-budget');
    expect(work.steps).toBeLessThan(50_000 + 10_000);
  });
});
