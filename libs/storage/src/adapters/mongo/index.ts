export { createMongoStorage, MongoStorage } from './mongo-storage';
export { migrateMongoDatabase } from './mongo-database';
