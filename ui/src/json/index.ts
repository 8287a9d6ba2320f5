// `@outsync/ui/json`: a JSON tree viewer and a JSON editor with a validity badge. A subpath
// entry, so only the modules that show JSON bundle it. No dependencies.
export { JsonViewer, type JsonViewerProps } from './json-viewer';
export { JsonEditor, isValidJson, type JsonEditorProps } from './json-editor';
