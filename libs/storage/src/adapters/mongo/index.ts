export { createMongoStorage, MongoStorage } from './mongo-storage';
