// swagger-ui-dist ships no types; this is the one module of it the server loads (the bundle is served, never run).
declare module 'swagger-ui-dist/absolute-path.js' {
  /** Absolute path of the swagger-ui-dist folder. */
  const getAbsoluteFSPath: () => string;
  export default getAbsoluteFSPath;
}
