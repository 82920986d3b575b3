/**
 * What the server renders in the document's `<style>` instead of the stylesheet (decision 69),
 * replaced by the stylesheet's bytes after the render (`documentBytes`): the renderer's strings
 * and the finished document's UTF-16 copy then carry 0.1 kB instead of 51 kB on every page.
 */
export const STYLESHEET_SLOT = '\u0001stylesheet\u0001';
