// Vite's `?url` imports: the bundled file's URL on the page's own origin.
declare module '*?url' {
  const url: string;
  export default url;
}
