// @swc/jest, plus one rewrite: jest runs tests as CommonJS, where `import.meta` is a syntax
// error. ESM-only packages (react-router 8 reads import.meta.hot) and our own ESM scripts use it.
const { pathToFileURL } = require('node:url');
const path = require('node:path');
const swcJest = require('@swc/jest');

function rewriteImportMeta(source, filename) {
  if (!source.includes('import.meta')) return source;
  return source
    .replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(filename).href))
    .replace(/\bimport\.meta\.dirname\b/g, JSON.stringify(path.dirname(filename)))
    .replace(/\bimport\.meta\.filename\b/g, JSON.stringify(filename))
    .replace(/\bimport\.meta\.(hot|env|webpackHot)\b/g, 'undefined');
}

module.exports = {
  createTransformer(options) {
    const swc = swcJest.createTransformer(options);
    return {
      ...swc,
      process(source, filename, transformOptions) {
        return swc.process(rewriteImportMeta(source, filename), filename, transformOptions);
      },
      processAsync(source, filename, transformOptions) {
        return swc.processAsync(rewriteImportMeta(source, filename), filename, transformOptions);
      },
      getCacheKey(source, filename, transformOptions) {
        return swc.getCacheKey(`import-meta-v1\0${source}`, filename, transformOptions);
      },
    };
  },
};
