import { defineContractSuite } from './suite.js';

defineContractSuite('codex');
