// Version 1 of the supplement quiz: seven questions, about 90 seconds, in English and
// Arabic, mapped to the seeded catalogue's categories (api/seed/data/categories.ts) and to the nutrients
// its strengths carry (sku_nutrients). The seed publishes it as the active version; later versions are
// made in the back office from the active one. Not medical advice: the gates only remove or caution.
import type { QuizContent } from './schema';

export const QUIZ_V1: QuizContent = {
  title: { en: 'Find your supplements', ar: 'اعثر على مكمّلاتك الغذائية' },
  questions: [
    {
      id: 'age',
      kind: 'single',
      text: { en: 'How old are you?', ar: 'كم عمرك؟' },
      options: [
        { id: 'under-18', text: { en: 'Under 18', ar: 'أقل من 18 سنة' }, facts: ['under-18'] },
        { id: '18-29', text: { en: '18 to 29', ar: 'من 18 إلى 29 سنة' } },
        { id: '30-49', text: { en: '30 to 49', ar: 'من 30 إلى 49 سنة' } },
        { id: '50-plus', text: { en: '50 or older', ar: '50 سنة أو أكثر' }, facts: ['age-50-plus'] },
      ],
    },
    {
      id: 'sex',
      kind: 'single',
      text: { en: 'Which best describes you?', ar: 'أيّ مما يلي يصفك؟' },
      options: [
        { id: 'woman', text: { en: 'Woman', ar: 'امرأة' } },
        { id: 'man', text: { en: 'Man', ar: 'رجل' } },
      ],
    },
    {
      id: 'pregnancy',
      kind: 'single',
      text: {
        en: 'Are you pregnant, breastfeeding or trying to conceive?',
        ar: 'هل أنت حامل أو مرضع أو تخطط للحمل؟',
      },
      help: {
        en: 'Some supplements are not safe in pregnancy. We use this only to leave them out.',
        ar: 'بعض المكمّلات غير آمنة أثناء الحمل، ونستخدم إجابتك فقط لاستبعادها.',
      },
      show_if: { question: 'sex', any_of: ['woman'] },
      options: [
        { id: 'pregnant', text: { en: 'Pregnant', ar: 'حامل' }, facts: ['pregnant'] },
        { id: 'breastfeeding', text: { en: 'Breastfeeding', ar: 'مرضع' }, facts: ['breastfeeding'] },
        { id: 'trying', text: { en: 'Trying to conceive', ar: 'أخطط للحمل' }, facts: ['trying-to-conceive'] },
        { id: 'no', text: { en: 'None of these', ar: 'لا شيء مما سبق' } },
      ],
    },
    {
      id: 'goals',
      kind: 'multi',
      text: { en: 'What would you like to support?', ar: 'ما الذي تودّ أن تدعمه؟' },
      help: { en: 'Choose all that apply.', ar: 'اختر كل ما ينطبق عليك.' },
      options: [
        { id: 'energy', text: { en: 'Energy and focus', ar: 'الطاقة والتركيز' } },
        { id: 'immunity', text: { en: 'Immunity', ar: 'المناعة' } },
        { id: 'bones', text: { en: 'Bones and joints', ar: 'العظام والمفاصل' } },
        { id: 'sleep', text: { en: 'Sleep and stress', ar: 'النوم والتوتر' } },
        { id: 'heart', text: { en: 'Heart health', ar: 'صحة القلب' } },
        { id: 'beauty', text: { en: 'Hair, skin and nails', ar: 'الشعر والبشرة والأظافر' } },
        { id: 'fitness', text: { en: 'Training and recovery', ar: 'التمرين والتعافي' } },
        { id: 'digestion', text: { en: 'Digestion', ar: 'الهضم' } },
      ],
    },
    {
      id: 'diet',
      kind: 'single',
      text: { en: 'How do you eat?', ar: 'ما هو نظامك الغذائي؟' },
      options: [
        { id: 'everything', text: { en: 'I eat everything', ar: 'آكل كل شيء' } },
        { id: 'little-fish', text: { en: 'I rarely eat fish', ar: 'نادراً ما آكل السمك' } },
        { id: 'vegetarian', text: { en: 'Vegetarian', ar: 'نباتي' } },
        { id: 'vegan', text: { en: 'Vegan', ar: 'نباتي صرف' } },
      ],
    },
    {
      id: 'sun',
      kind: 'single',
      text: { en: 'How much time do you spend in the sun?', ar: 'كم من الوقت تقضي في الشمس؟' },
      options: [
        { id: 'rarely', text: { en: 'Hardly any: I am mostly indoors', ar: 'قليل جداً: أقضي معظم وقتي في الداخل' } },
        { id: 'some', text: { en: 'Some, most days', ar: 'بعض الوقت في معظم الأيام' } },
        { id: 'lots', text: { en: 'A lot', ar: 'كثيراً' } },
      ],
    },
    {
      id: 'medications',
      kind: 'multi',
      text: { en: 'Do you take any of these medicines?', ar: 'هل تتناول أياً من هذه الأدوية؟' },
      help: {
        en: 'Some supplements change how medicines work. We use this only to leave out or flag those products.',
        ar: 'بعض المكمّلات تغيّر مفعول الأدوية، ونستخدم إجابتك فقط لاستبعاد تلك المنتجات أو التنبيه إليها.',
      },
      options: [
        {
          id: 'warfarin',
          text: { en: 'A blood thinner such as warfarin', ar: 'مميّع للدم مثل الوارفارين' },
          facts: ['warfarin'],
        },
        {
          id: 'levothyroxine',
          text: { en: 'Thyroid medicine (levothyroxine)', ar: 'دواء الغدة الدرقية (ليفوثيروكسين)' },
          facts: ['levothyroxine'],
        },
        { id: 'antidepressant', text: { en: 'An antidepressant', ar: 'مضاد للاكتئاب' }, facts: ['antidepressant'] },
        {
          id: 'contraceptive',
          text: { en: 'The contraceptive pill', ar: 'حبوب منع الحمل' },
          facts: ['contraceptive'],
        },
        {
          id: 'antibiotic',
          text: { en: 'An antibiotic (tetracycline or quinolone)', ar: 'مضاد حيوي (تتراسيكلين أو كينولون)' },
          facts: ['antibiotic'],
        },
        { id: 'none', text: { en: 'None of these', ar: 'لا شيء منها' }, none: true },
      ],
    },
  ],
  rules: [
    {
      question: 'age',
      option: '50-plus',
      targets: [{ kind: 'nutrient', key: 'vitamin-b12' }],
      weight: 30,
      reason: {
        en: 'After 50 the body absorbs less vitamin B12 from food.',
        ar: 'بعد سن الخمسين يمتص الجسم كمية أقل من فيتامين ب12 من الطعام.',
      },
    },
    {
      question: 'age',
      option: '50-plus',
      targets: [{ kind: 'nutrient', key: 'calcium' }],
      weight: 20,
      reason: {
        en: 'Bones need more calcium as we get older.',
        ar: 'تحتاج العظام إلى كالسيوم أكثر مع التقدم في العمر.',
      },
    },
    {
      question: 'sex',
      option: 'woman',
      targets: [{ kind: 'nutrient', key: 'iron' }],
      weight: 15,
      reason: {
        en: 'Women lose iron every month and often need more than food gives.',
        ar: 'تفقد المرأة الحديد كل شهر وقد تحتاج إلى أكثر مما يوفّره الطعام.',
      },
    },
    {
      question: 'pregnancy',
      option: 'trying',
      targets: [{ kind: 'nutrient', key: 'folic-acid' }],
      weight: 60,
      reason: {
        en: 'Folic acid before and in early pregnancy helps the baby’s spine develop.',
        ar: 'يساعد حمض الفوليك قبل الحمل وفي بدايته على نمو العمود الفقري للجنين.',
      },
    },
    {
      question: 'pregnancy',
      option: 'pregnant',
      targets: [{ kind: 'nutrient', key: 'folic-acid' }],
      weight: 60,
      reason: {
        en: 'Folic acid in pregnancy helps the baby’s spine develop.',
        ar: 'يساعد حمض الفوليك أثناء الحمل على نمو العمود الفقري للجنين.',
      },
    },
    {
      question: 'pregnancy',
      option: 'breastfeeding',
      targets: [{ kind: 'nutrient', key: 'vitamin-d' }],
      weight: 30,
      reason: {
        en: 'Breastfeeding mothers and their babies need enough vitamin D.',
        ar: 'تحتاج الأم المرضع وطفلها إلى كمية كافية من فيتامين د.',
      },
    },
    {
      question: 'goals',
      option: 'energy',
      targets: [{ kind: 'nutrient', key: 'vitamin-b12' }],
      weight: 25,
      reason: { en: 'Vitamin B12 helps turn food into energy.', ar: 'يساعد فيتامين ب12 على تحويل الطعام إلى طاقة.' },
    },
    {
      question: 'goals',
      option: 'energy',
      targets: [{ kind: 'nutrient', key: 'iron' }],
      weight: 15,
      reason: {
        en: 'Low iron is a common cause of tiredness.',
        ar: 'نقص الحديد سبب شائع للشعور بالتعب.',
      },
    },
    {
      question: 'goals',
      option: 'immunity',
      targets: [{ kind: 'nutrient', key: 'vitamin-c' }],
      weight: 30,
      reason: { en: 'Vitamin C supports your immune system.', ar: 'يدعم فيتامين سي جهازك المناعي.' },
    },
    {
      question: 'goals',
      option: 'immunity',
      targets: [{ kind: 'nutrient', key: 'zinc' }],
      weight: 20,
      reason: { en: 'Zinc helps your immune cells work well.', ar: 'يساعد الزنك خلايا المناعة على أداء عملها.' },
    },
    {
      question: 'goals',
      option: 'bones',
      targets: [{ kind: 'nutrient', key: 'calcium' }],
      weight: 30,
      reason: {
        en: 'Calcium is what bones are made of; with vitamin D the body absorbs it.',
        ar: 'الكالسيوم مادة بناء العظام، وفيتامين د يساعد الجسم على امتصاصه.',
      },
    },
    {
      question: 'goals',
      option: 'bones',
      targets: [{ kind: 'category', key: 'bone-joint' }],
      weight: 25,
      reason: {
        en: 'Glucosamine, chondroitin and MSM are taken for joint comfort.',
        ar: 'يُتناول الجلوكوزامين والكوندرويتين وإم إس إم لراحة المفاصل.',
      },
      only_terms: ['glucosamine', 'chondroitin', 'methylsulfonylmethane'],
    },
    {
      question: 'goals',
      option: 'sleep',
      targets: [{ kind: 'nutrient', key: 'magnesium' }],
      weight: 35,
      reason: {
        en: 'Magnesium helps muscles and the nervous system relax.',
        ar: 'يساعد المغنيسيوم العضلات والجهاز العصبي على الاسترخاء.',
      },
    },
    {
      question: 'goals',
      option: 'heart',
      targets: [{ kind: 'category', key: 'omega-fish-oil' }],
      weight: 35,
      reason: {
        en: 'Omega-3 fatty acids support a healthy heart.',
        ar: 'تدعم أحماض أوميغا 3 الدهنية صحة القلب.',
      },
    },
    {
      question: 'goals',
      option: 'beauty',
      targets: [{ kind: 'category', key: 'hair-skin-nails' }],
      weight: 30,
      reason: {
        en: 'Chosen for hair, skin and nails.',
        ar: 'مختار لصحة الشعر والبشرة والأظافر.',
      },
    },
    {
      question: 'goals',
      option: 'fitness',
      targets: [{ kind: 'category', key: 'performance-recovery' }],
      weight: 30,
      reason: {
        en: 'Supports training and recovery afterwards.',
        ar: 'يدعم التمرين والتعافي بعده.',
      },
    },
    {
      question: 'goals',
      option: 'digestion',
      targets: [{ kind: 'category', key: 'general-wellness' }],
      weight: 20,
      reason: {
        en: 'Probiotics and digestive enzymes support digestion.',
        ar: 'تدعم البروبيوتيك والإنزيمات الهاضمة عملية الهضم.',
      },
      only_terms: ['probiotic', 'lactobacillus', 'bifidobacterium', 'digestive enzyme'],
    },
    {
      question: 'diet',
      option: 'vegan',
      targets: [{ kind: 'nutrient', key: 'vitamin-b12' }],
      weight: 40,
      reason: {
        en: 'Vitamin B12 comes almost only from animal foods, so vegans need a supplement.',
        ar: 'يأتي فيتامين ب12 تقريباً من الأطعمة الحيوانية فقط، لذا يحتاج النباتيون الصرف إلى مكمّل.',
      },
    },
    {
      question: 'diet',
      option: 'vegetarian',
      targets: [{ kind: 'nutrient', key: 'vitamin-b12' }],
      weight: 25,
      reason: {
        en: 'Vegetarians often get too little vitamin B12.',
        ar: 'غالباً ما يحصل النباتيون على كمية قليلة من فيتامين ب12.',
      },
    },
    {
      question: 'diet',
      option: 'little-fish',
      targets: [{ kind: 'category', key: 'omega-fish-oil' }],
      weight: 25,
      reason: {
        en: 'Without oily fish twice a week, omega-3 is hard to get from food.',
        ar: 'دون السمك الدهني مرتين أسبوعياً يصعب الحصول على أوميغا 3 من الطعام.',
      },
    },
    {
      question: 'sun',
      option: 'rarely',
      targets: [{ kind: 'nutrient', key: 'vitamin-d' }],
      weight: 45,
      reason: {
        en: 'Skin makes vitamin D in sunlight; indoors most of the day, you likely get too little.',
        ar: 'يصنع الجلد فيتامين د عند التعرض للشمس، ومع قضاء معظم اليوم في الداخل قد لا تحصل على ما يكفي.',
      },
    },
    {
      question: 'sun',
      option: 'some',
      targets: [{ kind: 'nutrient', key: 'vitamin-d' }],
      weight: 15,
      reason: {
        en: 'Even with some sun, many people in the Gulf are low in vitamin D.',
        ar: 'حتى مع التعرض للشمس أحياناً، يعاني كثيرون في الخليج من نقص فيتامين د.',
      },
    },
  ],
  ingredients: {
    'vitamin-k': {
      name: { en: 'vitamin K', ar: 'فيتامين ك' },
      nutrients: [],
      terms: ['vitamin k', 'menaquinone', 'phylloquinone'],
    },
    'st-johns-wort': {
      name: { en: 'St John’s wort', ar: 'نبتة سانت جون' },
      nutrients: [],
      terms: ["st john's wort", 'st john’s wort', 'hypericum'],
    },
    ginkgo: { name: { en: 'ginkgo', ar: 'الجنكة' }, nutrients: [], terms: ['ginkgo'] },
    'fish-oil': {
      name: { en: 'fish oil', ar: 'زيت السمك' },
      nutrients: [],
      terms: ['fish oil', 'cod liver oil', 'krill oil'],
    },
    iron: { name: { en: 'iron', ar: 'الحديد' }, nutrients: ['iron'], terms: [] },
    calcium: { name: { en: 'calcium', ar: 'الكالسيوم' }, nutrients: ['calcium'], terms: [] },
    'minerals-binding': {
      name: { en: 'magnesium, zinc, calcium or iron', ar: 'المغنيسيوم أو الزنك أو الكالسيوم أو الحديد' },
      nutrients: ['magnesium', 'zinc', 'calcium', 'iron'],
      terms: [],
    },
    'vitamin-a': {
      name: { en: 'vitamin A (retinol)', ar: 'فيتامين أ (الريتينول)' },
      nutrients: ['vitamin-a'],
      terms: ['retinol', 'cod liver oil'],
    },
    'strong-herbs': {
      name: { en: 'herbal extracts', ar: 'خلاصات الأعشاب' },
      nutrients: [],
      terms: ['withania', 'ashwagandha', 'ginkgo', 'green tea', 'milk thistle'],
    },
  },
  // The quiz is for adults: children's formulas are never suggested.
  exclude_terms: ['kids', 'children'],
  cautions: [
    {
      id: 'adults-only',
      facts: ['under-18'],
      ingredient: '*',
      action: 'remove',
      text: {
        en: 'This quiz is for adults. For children and teenagers, please ask a paediatrician or pharmacist.',
        ar: 'هذا الاختبار للبالغين. للأطفال والمراهقين، يرجى استشارة طبيب الأطفال أو الصيدلي.',
      },
    },
    {
      id: 'warfarin-vitamin-k',
      facts: ['warfarin'],
      ingredient: 'vitamin-k',
      action: 'remove',
      text: {
        en: 'Vitamin K works against warfarin and other blood thinners, so we left it out.',
        ar: 'يعاكس فيتامين ك مفعول الوارفارين ومميّعات الدم الأخرى، لذا استبعدناه.',
      },
    },
    {
      id: 'st-johns-wort-medicines',
      facts: ['warfarin', 'antidepressant', 'contraceptive'],
      ingredient: 'st-johns-wort',
      action: 'remove',
      text: {
        en: 'St John’s wort weakens or changes many medicines, including blood thinners, antidepressants and the contraceptive pill.',
        ar: 'تُضعف نبتة سانت جون مفعول كثير من الأدوية أو تغيّره، ومنها مميّعات الدم ومضادات الاكتئاب وحبوب منع الحمل.',
      },
    },
    {
      id: 'warfarin-ginkgo',
      facts: ['warfarin'],
      ingredient: 'ginkgo',
      action: 'remove',
      text: {
        en: 'Ginkgo can raise the risk of bleeding with blood thinners.',
        ar: 'قد تزيد الجنكة خطر النزيف مع مميّعات الدم.',
      },
    },
    {
      id: 'warfarin-fish-oil',
      facts: ['warfarin'],
      ingredient: 'fish-oil',
      action: 'caution',
      text: {
        en: 'Fish oil can add to the effect of blood thinners. Ask your doctor before you start it.',
        ar: 'قد يزيد زيت السمك من تأثير مميّعات الدم. استشر طبيبك قبل البدء به.',
      },
    },
    {
      id: 'levothyroxine-iron',
      facts: ['levothyroxine'],
      ingredient: 'iron',
      action: 'caution',
      text: {
        en: 'Iron stops levothyroxine being absorbed: take them at least 4 hours apart.',
        ar: 'يمنع الحديد امتصاص الليفوثيروكسين: تناولهما بفارق 4 ساعات على الأقل.',
      },
    },
    {
      id: 'levothyroxine-calcium',
      facts: ['levothyroxine'],
      ingredient: 'calcium',
      action: 'caution',
      text: {
        en: 'Calcium stops levothyroxine being absorbed: take them at least 4 hours apart.',
        ar: 'يمنع الكالسيوم امتصاص الليفوثيروكسين: تناولهما بفارق 4 ساعات على الأقل.',
      },
    },
    {
      id: 'antibiotic-minerals',
      facts: ['antibiotic'],
      ingredient: 'minerals-binding',
      action: 'caution',
      text: {
        en: 'Magnesium, zinc, calcium and iron bind some antibiotics: take the antibiotic 2 hours before or 6 hours after.',
        ar: 'يرتبط المغنيسيوم والزنك والكالسيوم والحديد ببعض المضادات الحيوية: تناول المضاد الحيوي قبلها بساعتين أو بعدها بست ساعات.',
      },
    },
    {
      id: 'pregnancy-vitamin-a',
      facts: ['pregnant', 'trying-to-conceive'],
      ingredient: 'vitamin-a',
      action: 'remove',
      text: {
        en: 'High doses of vitamin A (retinol) can harm an unborn baby, so we left it out.',
        ar: 'الجرعات العالية من فيتامين أ (الريتينول) قد تضر الجنين، لذا استبعدناه.',
      },
    },
    {
      id: 'pregnancy-herbs',
      facts: ['pregnant', 'breastfeeding'],
      ingredient: 'strong-herbs',
      action: 'remove',
      text: {
        en: 'These herbs are not known to be safe in pregnancy or while breastfeeding.',
        ar: 'لم تثبت سلامة هذه الأعشاب أثناء الحمل أو الرضاعة.',
      },
    },
  ],
};
