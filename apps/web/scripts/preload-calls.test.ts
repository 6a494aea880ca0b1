import { describe, expect, it } from 'vitest';
import { unwrapPreloadCalls } from './preload-calls';

const HELPER = 'assets/preload-helper-DygEbaN.js';

describe('the preload helper taken out of a built chunk (decision 0239)', () => {
  it("writes each helper(()=>import(…)…) call as the import itself, an async function's as its call, and drops the helper's import", () => {
    const chunk =
      'import{a as e}from"./react-x.js";import{t as r}from"./preload-helper-DygEbaN.js";' +
      'var a=()=>r(()=>import(`./toaster-C_YN5O4.js`),[]),b=(0,e.lazy)(()=>r(()=>import(`./login-modal-D.js`).then(e=>({default:e.LoginModal}))));' +
      'var c={lazy:()=>r(()=>import("./home-D.js"))};' +
      'var d=(e,t)=>void r(async()=>{let{cart:e}=await import(`./cart-C.js`);return{cart:e}},[]).then(({cart:e})=>e(t));';
    expect(unwrapPreloadCalls(chunk, HELPER)).toBe(
      'import{a as e}from"./react-x.js";' +
        'var a=()=>import(`./toaster-C_YN5O4.js`),b=(0,e.lazy)(()=>import(`./login-modal-D.js`).then(e=>({default:e.LoginModal})));' +
        'var c={lazy:()=>import("./home-D.js")};' +
        'var d=(e,t)=>void (async()=>{let{cart:e}=await import(`./cart-C.js`);return{cart:e}})().then(({cart:e})=>e(t));',
    );
  });

  it('leaves a chunk without the helper, and a local of the same name called otherwise, as they are', () => {
    const chunk = 'import{t as r}from"./preload-helper-DygEbaN.js";function f(r){return r(()=>1)}var g=()=>r(()=>import(`./a.js`)),h=xr(()=>import(`./b.js`));';
    expect(unwrapPreloadCalls(chunk, HELPER)).toBe('function f(r){return r(()=>1)}var g=()=>import(`./a.js`),h=xr(()=>import(`./b.js`));');
    expect(unwrapPreloadCalls('var a=1;', HELPER)).toBe('var a=1;');
  });

  it('refuses a call it cannot read (a preload list that is not empty) rather than drop what it does', () => {
    expect(() => unwrapPreloadCalls('import{t as r}from"./preload-helper-DygEbaN.js";r(()=>import(`./a.js`),["x.css"]);', HELPER)).toThrow(/cannot read/);
    expect(() => unwrapPreloadCalls('import{t as r}from"./preload-helper-DygEbaN.js";r(()=>import(`./a.js`);', HELPER)).toThrow(/cannot read/);
  });
});
