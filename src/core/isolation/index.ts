export { decideIsolation, type IsolationDecision, type IsolationFacts } from './decide.js';
