-- The museum's content for groups (docs/product.md §2 team notice, noticeDetail, commonProblem; §7
-- TeamFAQs, getInformationManagement): questions and answers by category, and notices that
-- stay up until their last applicable day.
CREATE TABLE faqs (
  id serial PRIMARY KEY,
  category_zh text NOT NULL,
  category_en text NOT NULL,
  question_zh text NOT NULL,
  question_en text NOT NULL,
  answer_zh text NOT NULL,
  answer_en text NOT NULL,
  sort int NOT NULL DEFAULT 0
);
CREATE TABLE notices (
  id serial PRIMARY KEY,
  title_zh text NOT NULL,
  title_en text NOT NULL,
  content_zh text NOT NULL,
  content_en text NOT NULL,
  published_at timestamptz NOT NULL,
  applicable_end date
);
CREATE INDEX notices_published ON notices (published_at DESC);
