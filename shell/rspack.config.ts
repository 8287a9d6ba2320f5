import { createAppConfig } from '../rspack.config.ts';

export default createAppConfig({ app: 'shell', title: 'OutSync' });
