import type { CapacitorConfig } from '@capacitor/cli';

const config: CapacitorConfig = {
  appId: 'com.contoso.tasks',
  appName: 'Tasks',
  webDir: 'dist',
};

export default config;
