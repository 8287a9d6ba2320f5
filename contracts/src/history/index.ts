// `@outsync/contracts/history`: the history area (spec 02 §2.9–2.11, issue 13): its queries with
// the normalisation rules of §5, its rows and its calls. Its own entry and federation singleton.
export * from './history.schemas';
export * from './history.routes';
