import { defineContractSuite } from './suite.js';

defineContractSuite('copilot');
