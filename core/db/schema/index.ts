export * from './accounts.ts';
export * from './catalogue.ts';
export * from './content.ts';
export * from './engagement.ts';
export * from './jobs.ts';
export * from './orders.ts';
export * from './staff.ts';
export * from './subscriptions.ts';
