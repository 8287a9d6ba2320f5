import { mount } from './exposes/mount';

// Running alone (`npm run dev -w mfe-history`): the module mounts itself with its own providers.
const element = document.getElementById('root');
if (element) mount(element);
