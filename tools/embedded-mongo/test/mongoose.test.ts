import mongoose, { Schema, type Connection, type InferSchemaType } from 'mongoose';
import { type EmbeddedMongo, startEmbeddedMongo } from '../src/index.ts';
import { eventually } from './helpers.ts';

let server: EmbeddedMongo;
let connection: Connection;

const AuthorSchema = new Schema(
  {
    email: { type: String, required: true, unique: true, lowercase: true },
    name: { type: String, required: true, minlength: 2 },
    age: { type: Number, min: 0 },
  },
  { timestamps: true },
);
const PostSchema = new Schema({
  title: { type: String, required: true },
  author: { type: Schema.Types.ObjectId, ref: 'Author', required: true },
  rank: Number,
});
const SignInCodeSchema = new Schema({
  code: String,
  createdAt: { type: Date, default: Date.now, expires: 1 },
});

type Author = InferSchemaType<typeof AuthorSchema> & { createdAt: Date; updatedAt: Date };
type Post = InferSchemaType<typeof PostSchema>;
type SignInCode = InferSchemaType<typeof SignInCodeSchema>;

const authors = () => connection.model<Author>('Author');
const posts = () => connection.model<Post>('Post');
const signInCodes = () => connection.model<SignInCode>('SignInCode');

beforeAll(async () => {
  server = await startEmbeddedMongo({ port: 0, inMemory: true, logger: false, ttlIntervalMs: 100 });
  connection = await mongoose.createConnection(server.uri, { dbName: 'mongoose-test' }).asPromise();
  connection.model('Author', AuthorSchema);
  connection.model('Post', PostSchema);
  connection.model('SignInCode', SignInCodeSchema);
  await Promise.all(Object.values(connection.models).map((model) => model.init()));
});
afterAll(async () => {
  await connection.close();
  await server.stop();
});

describe('mongoose 9 against the embedded server', () => {
  it('validates schemas and stamps timestamps', async () => {
    const Author = authors();
    await expect(Author.create({ email: 'x@y.z', name: 'A' })).rejects.toBeInstanceOf(
      mongoose.Error.ValidationError,
    );
    const ann = await Author.create({ email: 'Ann@Example.com', name: 'Ann', age: 30 });
    expect(ann.get('email')).toBe('ann@example.com');
    expect(ann.get('createdAt')).toBeInstanceOf(Date);
    const createdAt = ann.get('createdAt') as Date;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await Author.updateOne({ _id: ann._id }, { $set: { age: 31 } });
    const updated = await Author.findById(ann._id).lean();
    expect(updated?.age).toBe(31);
    expect((updated?.updatedAt as Date).getTime()).toBeGreaterThan(createdAt.getTime());
    expect((updated?.createdAt as Date).getTime()).toBe(createdAt.getTime());
  });

  it('reports unique index violations as duplicate key errors', async () => {
    const Author = authors();
    const indexes = await Author.listIndexes();
    expect(indexes.map((index: { name: string }) => index.name)).toContain('email_1');
    await Author.create({ email: 'dup@example.com', name: 'First' });
    const error = (await Author.create({ email: 'dup@example.com', name: 'Second' }).catch(
      (e: unknown) => e,
    )) as {
      code: number;
      keyValue: unknown;
    };
    expect(error.code).toBe(11000);
    expect(error.keyValue).toEqual({ email: 'dup@example.com' });
    const upserted = await Author.findOneAndUpdate(
      { email: 'new@example.com' },
      { $set: { name: 'Newcomer' } },
      { upsert: true, returnDocument: 'after' },
    ).lean();
    expect(upserted).toMatchObject({ email: 'new@example.com', name: 'Newcomer' });
    expect(upserted?.createdAt).toBeInstanceOf(Date);
  });

  it('populates references, returns lean objects, counts and pages with sort, skip and limit', async () => {
    const Author = authors();
    const Post = posts();
    const bob = await Author.create({ email: 'bob@example.com', name: 'Bob' });
    await Post.insertMany(
      Array.from({ length: 12 }, (_, rank) => ({ title: `post ${rank}`, author: bob._id, rank })),
    );
    expect(await Post.countDocuments({ author: bob._id })).toBe(12);
    expect(await Post.countDocuments({ rank: { $gte: 10 } })).toBe(2);
    const page = await Post.find({ author: bob._id }).sort({ rank: -1 }).skip(5).limit(5).lean();
    expect(page.map((post) => post.rank)).toEqual([6, 5, 4, 3, 2]);
    expect(page[0]).not.toBeInstanceOf(mongoose.Document);
    const populated = await Post.findOne({ rank: 0 }).populate<{ author: { name: string } }>(
      'author',
    );
    expect(populated?.author.name).toBe('Bob');
    const many = await Post.find({ rank: { $lt: 2 } })
      .populate<{ author: { name: string } }>('author', 'name')
      .lean();
    expect(many.map((post) => post.author.name)).toEqual(['Bob', 'Bob']);
  });

  it('expires documents through a TTL index declared with `expires`', async () => {
    const SignInCode = signInCodes();
    const indexes = await SignInCode.listIndexes();
    expect(indexes).toContainEqual(
      expect.objectContaining({ key: { createdAt: 1 }, expireAfterSeconds: 1 }),
    );
    await SignInCode.create({ code: '123456', createdAt: new Date(Date.now() - 5_000) });
    await SignInCode.create({ code: '654321' });
    await eventually(async () => (await SignInCode.countDocuments({ code: '123456' })) === 0);
    expect(await SignInCode.countDocuments({ code: '654321' })).toBe(1);
  });
});
