/** The demo museum's questions and notices for groups, in zh and en. */
import type { Queryable } from '../db/db.ts';
import { addDays, museumDate, type Clock } from '../time.ts';

type Pair = [zh: string, en: string];

const FAQS: Array<{ category: Pair; question: Pair; answer: Pair }> = [
  {
    category: ['注册与审核', 'Registration and review'],
    question: ['团体注册需要准备哪些材料？', 'What does a group need to register?'],
    answer: [
      '统一社会信用代码证书、加盖公章的介绍信；旅行社另需与本馆签订的协议（两部分）。图片支持jpg、jpeg、png，不超过10MB。',
      'The unified social credit code certificate and a stamped introduction letter; travel agencies also upload their agreement with the museum (both parts). Images in jpg, jpeg or png, at most 10 MB.',
    ],
  },
  {
    category: ['注册与审核', 'Registration and review'],
    question: ['审核需要多长时间？', 'How long does the review take?'],
    answer: [
      '工作人员将在3个工作日内完成审核，结果以短信通知联系人手机。',
      'The staff review it within 3 days; the result comes by text message to the contact mobile.',
    ],
  },
  {
    category: ['账号与密码', 'Account and password'],
    question: ['忘记密码怎么办？', 'I forgot the password: what now?'],
    answer: [
      '在团体登录页点击“忘记密码”，验证码将发送到注册时填写的联系人手机。',
      'On the group login page tap "Forgot password": a code goes to the contact mobile the group registered.',
    ],
  },
  {
    category: ['账号与密码', 'Account and password'],
    question: ['账号被冻结了怎么办？', 'The account is frozen: what now?'],
    answer: [
      '在团体中心上传加盖公章的情况说明申请解冻，审核通过后即可恢复预约。',
      'Upload a stamped explanation in the group centre to ask for unfreezing; booking resumes once it is approved.',
    ],
  },
];

const NOTICES: Array<{ title: Pair; content: Pair; days: number | null }> = [
  {
    title: ['团体预约须知', 'Notes for group visits'],
    content: [
      '团体请提前到达，由领队统一取票入馆。\n学生团体须有教师随行。\n馆内请保持安静，勿触摸标有“请勿触摸”的展品。',
      'Groups please arrive early; the leader collects the tickets and leads the group in.\nStudent groups come with their teachers.\nPlease keep quiet inside and do not touch exhibits marked "Do not touch".',
    ],
    days: null,
  },
  {
    title: ['球幕影院设备检修通知', 'Dome cinema maintenance'],
    content: [
      '球幕影院将于下周一全天检修，当日暂停放映，敬请谅解。',
      'The dome cinema is closed all next Monday for maintenance; there are no screenings that day.',
    ],
    days: 7,
  },
];

export async function seedContent(q: Queryable, clock: Clock): Promise<void> {
  let sort = 0;
  for (const f of FAQS) {
    await q.query(`INSERT INTO faqs (category_zh, category_en, question_zh, question_en, answer_zh, answer_en, sort) VALUES ($1,$2,$3,$4,$5,$6,$7)`, [
      ...f.category,
      ...f.question,
      ...f.answer,
      sort++,
    ]);
  }
  const now = clock();
  for (const [i, n] of NOTICES.entries()) {
    await q.query(`INSERT INTO notices (title_zh, title_en, content_zh, content_en, published_at, applicable_end) VALUES ($1,$2,$3,$4,$5,$6)`, [
      ...n.title,
      ...n.content,
      new Date(now.getTime() - (NOTICES.length - i) * 3600_000),
      n.days === null ? null : addDays(museumDate(now), n.days),
    ]);
  }
}
