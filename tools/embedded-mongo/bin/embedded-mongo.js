#!/usr/bin/env node
// Launcher: the server is written in TypeScript and runs through tsx, with no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
