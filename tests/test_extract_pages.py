"""Web pages and bios in shapes the extractor was not written against: people grids of cards, member
tables with advisor and destination columns, alumni with "→ X", homepages from site generators (Hugo
Academic front matter, al-folio and academicpages about pages, Quarto about pages, WordPress and
Google Sites markup), labelled faculty profiles, news items about several people, staff lists, a thesis
defence and a conference committee, front-matter member lists, in thirteen languages; then (issue 14's sixth round)
staff directories with rooms and family-name-first cells, Drupal views and WordPress block cards, Hugo shortcodes,
an alumni table, a doctoral programme's cohorts, keynote bios, an "about the director" page, a Scholar-like profile
and news of a hire and an award, in Russian, Czech, Greek, Turkish, Polish, Korean, Dutch and English; then (the seventh
round) a medical-school faculty profile, a humanities department's People page, a physics collaboration's member
institutions, an obituary, an ORCID record, a grant's project team, a Notion export and a minimal-mistakes about page.

Each fixture's facts are what a careful reader takes from it (``/work/shared/eval/GUIDELINES.md``,
"Whose facts"). A fact reads ``subject > predicate > object``; ``|`` separates names any one of
which will do (a unit or its parent organisation), ``?`` marks a fact a reader may or may not take,
``~`` a fact the extractor does not find yet (kept so that :func:`recall` counts it).
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter

import pytest

from kg.evaluate import Report, score_document
from tests.extract_helpers import run

FACTS = {
    "plasma_group_cards.html": """
        Halvorsen Plasma Group > partOf > Department of Physics|University of Bergenholm
        Ingrid Halvorsen > workedAt > Halvorsen Plasma Group|University of Bergenholm
        Ingrid Halvorsen > studiedAt > Princeton University
        Chidi Okonkwo > workedAt > Halvorsen Plasma Group|University of Bergenholm
        Chidi Okonkwo > studiedAt > Imperial College London
        Mette Lind > studiedAt > Halvorsen Plasma Group|University of Bergenholm
        Mette Lind > advisedBy > Ingrid Halvorsen
        Mette Lind > advisedBy > Anders Vik
        Bao Tran > studiedAt > Halvorsen Plasma Group|University of Bergenholm
        Bao Tran > advisedBy > Ingrid Halvorsen
        Sigrun Berg > advisedBy > Ingrid Halvorsen
        Sigrun Berg > workedAt > Equinor
        ?Sigrun Berg > studiedAt > Halvorsen Plasma Group|University of Bergenholm
    """,
    "robotics_lab_table.html": """
        ~Adaptive Manipulation Lab > partOf > Department of Mechanical Engineering|Carnegie Mellon University
        ?Department of Mechanical Engineering > partOf > Carnegie Mellon University
        Rafael Quintero > workedAt > Adaptive Manipulation Lab|Department of Mechanical Engineering|Carnegie Mellon University
        Yuki Hoshino > studiedAt > Adaptive Manipulation Lab|Carnegie Mellon University
        Yuki Hoshino > advisedBy > Rafael Quintero
        Daniel Mbeki > studiedAt > Adaptive Manipulation Lab|Carnegie Mellon University
        Daniel Mbeki > advisedBy > Rafael Quintero
        Daniel Mbeki > advisedBy > Laura Feld
        Priya Raman > workedAt > Adaptive Manipulation Lab|Carnegie Mellon University
        Tomasz Wrona > workedAt > Warsaw University of Technology
        ?Tomasz Wrona > workedAt > Adaptive Manipulation Lab|Carnegie Mellon University
        Helen Cho > advisedBy > Rafael Quintero
        Helen Cho > workedAt > Boston Dynamics
        ?Helen Cho > studiedAt > Adaptive Manipulation Lab|Carnegie Mellon University
        Marco Ruggieri > workedAt > Politecnico di Milano
        ?Marco Ruggieri > workedAt > Adaptive Manipulation Lab|Carnegie Mellon University
    """,
    "neuro_lab_alumni.html": """
        Osei Lab > partOf > Department of Neuroscience|University of Rochester
        ?Department of Neuroscience > partOf > University of Rochester
        Kwame Osei > workedAt > Osei Lab|Department of Neuroscience|University of Rochester
        Leah Goldberg > advisedBy > Kwame Osei
        Leah Goldberg > workedAt > Stanford University
        ?Leah Goldberg > studiedAt > Osei Lab|University of Rochester
        Arjun Mehta > advisedBy > Kwame Osei
        Arjun Mehta > advisedBy > Nora Blake
        Arjun Mehta > workedAt > Genentech
        ?Arjun Mehta > studiedAt > Osei Lab|University of Rochester
        ?Sofia Lindqvist > workedAt > Osei Lab|University of Rochester
        Sofia Lindqvist > workedAt > Karolinska Institutet
    """,
    "hydrology_wowchemy.md": """
        Anouk Verhoeven > workedAt > Department of Water Management|Delft University of Technology
        ?Department of Water Management > partOf > Delft University of Technology
        Anouk Verhoeven > studiedAt > Wageningen University
        Anouk Verhoeven > studiedAt > Delft University of Technology
        Anouk Verhoeven > studiedAt > Utrecht University
        Anouk Verhoeven > workedAt > European Centre for Medium-Range Weather Forecasts
    """,
    "statistician_alfolio.md": """
        Tobias Lindgren > workedAt > Department of Statistics|University of Michigan
        ?Department of Statistics > partOf > University of Michigan
        Tobias Lindgren > workedAt > University of California, Berkeley
        Tobias Lindgren > mentoredBy|advisedBy > Grace Whitfield
        Tobias Lindgren > studiedAt > Columbia University
        Tobias Lindgren > advisedBy > Hamid Rezaei
        Tobias Lindgren > studiedAt > Uppsala University
    """,
    "nlp_academicpages.md": """
        Camila Restrepo > studiedAt > Language Technologies Institute|Carnegie Mellon University
        ?Language Technologies Institute > partOf > Carnegie Mellon University
        Camila Restrepo > advisedBy > Jonah Albrecht
        Camila Restrepo > advisedBy > Mei Tanaka
        Camila Restrepo > studiedAt > Universidad de los Andes
        Camila Restrepo > workedAt > Google Research
        Camila Restrepo > mentoredBy|advisedBy > Ravi Subramanian
        ~Camila Restrepo > workedAt > Allen Institute for AI
    """,
    "astronomer_quarto_about.qmd": """
        Nadia Farouk > workedAt > Kavli Institute for Cosmology|University of Cambridge
        ?Kavli Institute for Cosmology > partOf > University of Cambridge
        Nadia Farouk > studiedAt > University of Cambridge
        Nadia Farouk > studiedAt > Cairo University
        Nadia Farouk > workedAt > European Southern Observatory
    """,
    "historian_wordpress.html": """
        Eleanor Whitcombe > workedAt > University of York
        Eleanor Whitcombe > studiedAt > University of Oxford
        Eleanor Whitcombe > advisedBy > Martin Hale
        ~Eleanor Whitcombe > workedAt > Trinity College|University of Cambridge
        ?Trinity College > partOf > University of Cambridge
        Eleanor Whitcombe > workedAt > University of Warwick
    """,
    "mathematician_gsites.html": """
        Ravi Chandrasekhar > workedAt > ETH Zürich
        Ravi Chandrasekhar > studiedAt > University of Chicago
        Ravi Chandrasekhar > advisedBy > Elena Marchetti
        Ravi Chandrasekhar > studiedAt > Chennai Mathematical Institute
    """,
    "materials_faculty_profile.html": """
        Hyun-woo Baek > workedAt > Thin Film Electronics Laboratory|Department of Materials Science and Engineering|University of Arizona
        ?Department of Materials Science and Engineering > partOf > University of Arizona
        ?Thin Film Electronics Laboratory > partOf > Department of Materials Science and Engineering|University of Arizona
        Hyun-woo Baek > studiedAt > Seoul National University
        Hyun-woo Baek > workedAt > Samsung Advanced Institute of Technology
        Hyun-woo Baek > workedAt > Argonne National Laboratory
    """,
    "geology_faculty_profile_de.html": """
        Katharina Wendelstein > workedAt > Arbeitsgruppe Strukturgeologie|Institut für Geowissenschaften|Universität Tübingen
        ?Institut für Geowissenschaften > partOf > Universität Tübingen
        Katharina Wendelstein > workedAt > Ruhr-Universität Bochum
        Katharina Wendelstein > workedAt > ETH Zürich
        Katharina Wendelstein > studiedAt > Universität Freiburg
        Katharina Wendelstein > advisedBy > Jürgen Altmann
        Katharina Wendelstein > studiedAt > Universität Heidelberg
    """,
    "award_news_citation.md": """
        Fatima Al-Sayegh > workedAt > Northwestern University
        Fatima Al-Sayegh > workedAt > Scripps Research Institute
        Fatima Al-Sayegh > studiedAt > Massachusetts Institute of Technology
        Jonas Eriksen > workedAt > Northwestern University
        Jonas Eriksen > workedAt > Hallberg Institute for Atomic Physics
        Jonas Eriksen > studiedAt > University of Copenhagen
        Lucia Moreno > workedAt > Northwestern University
        Lucia Moreno > studiedAt > University of Miami
        Lucia Moreno > advisedBy > Harold Kent
        Lucia Moreno > workedAt > Monterey Bay Aquarium Research Institute
    """,
    "prize_news_fr.html": """
        Élodie Marchand > studiedAt > Université Grenoble Alpes|Institut des Géosciences de l'Environnement
        Élodie Marchand > advisedBy > Pierre Lacombe
        Élodie Marchand > advisedBy > Amina Diallo
        Élodie Marchand > workedAt > Université de Berne
        Pierre Lacombe > workedAt > Institut des Sciences de la Cryosphère
        Amina Diallo > workedAt > Université Grenoble Alpes
    """,
    "lab_page_nl.html": """
        Onderzoeksgroep Bodemfysica > partOf > Faculteit Geowetenschappen|Universiteit Utrecht
        ?Faculteit Geowetenschappen > partOf > Universiteit Utrecht
        Willemijn de Bruijn > workedAt > Onderzoeksgroep Bodemfysica|Universiteit Utrecht
        Sander Mulder > studiedAt > Onderzoeksgroep Bodemfysica|Universiteit Utrecht
        Sander Mulder > advisedBy > Willemijn de Bruijn
        Sander Mulder > advisedBy > Ilse Kramer
        Fenna Dijkstra > studiedAt > Onderzoeksgroep Bodemfysica|Universiteit Utrecht
        Fenna Dijkstra > advisedBy > Willemijn de Bruijn
        Ruben Smit > workedAt > Onderzoeksgroep Bodemfysica|Universiteit Utrecht
        Joost van Leeuwen > advisedBy > Willemijn de Bruijn
        Joost van Leeuwen > workedAt > Deltares
    """,
    "lab_page_ko.html": """
        지능형 센서 연구실 > partOf > 전기및전자공학부|KAIST
        박지훈 > workedAt > 지능형 센서 연구실|전기및전자공학부|KAIST
        김서연 > studiedAt > 지능형 센서 연구실|KAIST
        김서연 > advisedBy > 박지훈
        이도현 > studiedAt > 지능형 센서 연구실|KAIST
        이도현 > advisedBy > 박지훈
        최민준 > studiedAt > 지능형 센서 연구실|KAIST
        최민준 > advisedBy > 박지훈
        정하은 > advisedBy > 박지훈
        정하은 > workedAt > 삼성전자
        윤태호 > advisedBy > 박지훈
        윤태호 > workedAt > LG전자
    """,
    "lab_page_zh.html": """
        智能材料课题组 > partOf > 材料科学与工程学院|浙江大学
        ?材料科学与工程学院 > partOf > 浙江大学
        王建国 > workedAt > 智能材料课题组|材料科学与工程学院|浙江大学
        陈思远 > studiedAt > 智能材料课题组|浙江大学
        陈思远 > advisedBy > 王建国
        刘佳怡 > studiedAt > 智能材料课题组|浙江大学
        刘佳怡 > advisedBy > 王建国
        ~刘佳怡 > advisedBy > 李明华
        赵一鸣 > studiedAt > 智能材料课题组|浙江大学
        赵一鸣 > advisedBy > 王建国
        孙浩然 > advisedBy > 王建国
        孙浩然 > workedAt > 华为技术有限公司
        周雨桐 > advisedBy > 王建国
        周雨桐 > studiedAt > 清华大学
    """,
    "lab_members_ja.html": """
        高橋研究室 > partOf > 東北大学
        高橋 誠 > workedAt > 高橋研究室|東北大学
        中村 彩 > workedAt > 高橋研究室|東北大学
        佐藤 健太 > studiedAt > 高橋研究室|東北大学
        佐藤 健太 > advisedBy > 高橋 誠
        鈴木 美咲 > studiedAt > 高橋研究室|東北大学
        鈴木 美咲 > advisedBy > 高橋 誠
        山田 翔 > advisedBy > 高橋 誠
        山田 翔 > workedAt > トヨタ自動車
    """,
    "lab_page_pt_equipe.html": """
        Laboratório de Ecologia Aquática > partOf > Instituto de Biologia|Universidade Federal de Minas Gerais
        ?Instituto de Biologia > partOf > Universidade Federal de Minas Gerais
        Beatriz Albuquerque > workedAt > Laboratório de Ecologia Aquática|Universidade Federal de Minas Gerais
        Henrique Tavares > workedAt > Laboratório de Ecologia Aquática|Universidade Federal de Minas Gerais
        Larissa Monteiro > studiedAt > Laboratório de Ecologia Aquática|Universidade Federal de Minas Gerais
        Larissa Monteiro > advisedBy > Beatriz Albuquerque
        Larissa Monteiro > advisedBy > Caio Ferraz
        Otávio Pires > studiedAt > Laboratório de Ecologia Aquática|Universidade Federal de Minas Gerais
        Otávio Pires > advisedBy > Beatriz Albuquerque
        Juliana Rocha > advisedBy > Beatriz Albuquerque
        Juliana Rocha > workedAt > Universidade Federal de Lavras
    """,
    "lab_page_es_cards.html": """
        Grupo de Biología Computacional > partOf > Centro Nacional de Biotecnología
        ?Centro Nacional de Biotecnología > partOf > CSIC
        Alejandro Funes > workedAt > Grupo de Biología Computacional|Centro Nacional de Biotecnología|CSIC
        Marina Quiroga > workedAt > Grupo de Biología Computacional|Centro Nacional de Biotecnología
        Iker Etxeberria > studiedAt > Grupo de Biología Computacional|Centro Nacional de Biotecnología
        Iker Etxeberria > advisedBy > Alejandro Funes
        ~Iker Etxeberria > advisedBy > Nerea Olabarria
        Paula Cienfuegos > studiedAt > Grupo de Biología Computacional|Centro Nacional de Biotecnología
        Paula Cienfuegos > advisedBy > Alejandro Funes
        ~Diego Santamaría > advisedBy > Alejandro Funes
        Diego Santamaría > workedAt > European Bioinformatics Institute
    """,
    "lab_page_fr_table.html": """
        ~Équipe Catalyse et Surfaces > partOf > IRCELYON|Université Claude Bernard Lyon 1
        ?IRCELYON > partOf > Université Claude Bernard Lyon 1
        Hélène Beaulieu > workedAt > Équipe Catalyse et Surfaces|IRCELYON
        Yannick Rousseau > workedAt > Équipe Catalyse et Surfaces|IRCELYON
        Clémence Garnier > studiedAt > Équipe Catalyse et Surfaces|IRCELYON
        Clémence Garnier > advisedBy > Hélène Beaulieu
        Clémence Garnier > advisedBy > Yannick Rousseau
        Karim Haddad > studiedAt > Équipe Catalyse et Surfaces|IRCELYON
        Karim Haddad > advisedBy > Hélène Beaulieu
        Julien Perrin > workedAt > TotalEnergies
        ?Julien Perrin > advisedBy > Hélène Beaulieu
        ?Julien Perrin > studiedAt > Équipe Catalyse et Surfaces|IRCELYON
    """,
    "lab_page_it_people.md": """
        Gruppo di Fisica dei Sistemi Complessi > partOf > Dipartimento di Fisica|Università di Padova
        ?Dipartimento di Fisica > partOf > Università di Padova
        Chiara Benedetti > workedAt > Gruppo di Fisica dei Sistemi Complessi|Università di Padova
        Matteo Ferri > workedAt > Gruppo di Fisica dei Sistemi Complessi|Università di Padova
        Giulia Conti > studiedAt > Gruppo di Fisica dei Sistemi Complessi|Università di Padova
        Giulia Conti > advisedBy > Chiara Benedetti
        Giulia Conti > advisedBy > Luca Marin
        Andrea Greco > studiedAt > Gruppo di Fisica dei Sistemi Complessi|Università di Padova
        Andrea Greco > advisedBy > Chiara Benedetti
        Federico Rizzi > advisedBy > Chiara Benedetti
        Federico Rizzi > workedAt > Institut Pasteur
    """,
    "bio_profile_ko.md": """
        ~한승우 > workedAt > 화학생물공학부|서울대학교
        ~한승우 > studiedAt > KAIST
        ~한승우 > advisedBy > 오재석
        ~한승우 > workedAt > MIT
    """,
    "bio_prose_nl.md": """
        ~Marloes Hendriks > workedAt > Radboud Universiteit
        Marloes Hendriks > studiedAt > Universiteit van Amsterdam
        Marloes Hendriks > advisedBy > Kees Visser
        Marloes Hendriks > workedAt > Universiteit Leiden
        ~Marloes Hendriks > workedAt > TNO
    """,
    "faculty_profile_es.html": """
        Tomás Villalobos Ortega > workedAt > Grupo de Tecnologías del Agua|Departamento de Ingeniería Química|Universidad de Granada
        ?Departamento de Ingeniería Química > partOf > Universidad de Granada
        Tomás Villalobos Ortega > studiedAt > Universidad de Sevilla
        Tomás Villalobos Ortega > studiedAt > Universidad de Córdoba
        Tomás Villalobos Ortega > workedAt > Universidad Técnica de Delft
    """,
    "bio_news_zh.md": """
        ~黄志强 > workedAt > 化学系|复旦大学
        ?化学系 > partOf > 复旦大学
        ~黄志强 > studiedAt > 中国科学院化学研究所
        ~黄志强 > advisedBy > 杨振华
        ~黄志强 > workedAt > 加州理工学院
        ~徐丽娟 > studiedAt > 南京大学
        ~徐丽娟 > workedAt > 化学系|复旦大学
    """,
    "bio_homepage_pt.html": """
        Rui Carvalho > workedAt > Instituto de Telecomunicações
        Rui Carvalho > workedAt > Instituto Superior Técnico|Universidade de Lisboa
        ?Instituto Superior Técnico > partOf > Universidade de Lisboa
        Rui Carvalho > studiedAt > Universidade do Porto
        Rui Carvalho > advisedBy > Manuel Sequeira
        Rui Carvalho > workedAt > Universidade de Aveiro
    """,
    # written after the extractor was changed for the ones above, and graded before any change for them
    "lab_people_dl.html": """
        Marine Microbial Ecology Lab > partOf > School of Ocean Sciences|Bangor University
        ?School of Ocean Sciences > partOf > Bangor University
        Tamsin Pryce > workedAt > Marine Microbial Ecology Lab|School of Ocean Sciences|Bangor University
        Kofi Mensah > workedAt > Marine Microbial Ecology Lab|Bangor University
        Gareth Lloyd > workedAt > Bangor University
        Isla Moreau > studiedAt > Marine Microbial Ecology Lab|Bangor University
        Isla Moreau > advisedBy > Tamsin Pryce
        Isla Moreau > advisedBy > Gareth Lloyd
        Rhys Bevan > studiedAt > Marine Microbial Ecology Lab|Bangor University
        Rhys Bevan > advisedBy > Tamsin Pryce
        Nadia Okoro > advisedBy > Tamsin Pryce
        Nadia Okoro > workedAt > University of Ghana
    """,
    "team_page_hugo.md": """
        Vasquez Group > partOf > Department of Mechanical Engineering|University of Utah
        ?Department of Mechanical Engineering > partOf > University of Utah
        Elena Vasquez > workedAt > Vasquez Group|Department of Mechanical Engineering|University of Utah
        Elena Vasquez > studiedAt > Caltech
        Tobias Reinholt > workedAt > Vasquez Group|University of Utah
        Tobias Reinholt > studiedAt > ETH Zurich
        Amara Chukwu > studiedAt > Vasquez Group|University of Utah
        Amara Chukwu > advisedBy > Elena Vasquez
        Amara Chukwu > advisedBy > Henry Walsh
        Amara Chukwu > studiedAt > University of Lagos
    """,
    "faculty_profile_it.html": """
        Lorenzo Gatti > workedAt > Dipartimento di Ingegneria Civile|Università di Pisa
        ?Dipartimento di Ingegneria Civile > partOf > Università di Pisa
        Lorenzo Gatti > studiedAt > Università di Firenze
        Lorenzo Gatti > studiedAt > Politecnico di Milano
    """,
    "prize_news_pt.md": """
        Helena Barros > workedAt > Instituto de Física|Universidade Federal do Rio de Janeiro
        ?Instituto de Física > partOf > Universidade Federal do Rio de Janeiro
        Helena Barros > studiedAt > Universidade de São Paulo
        Helena Barros > workedAt > CERN
        ~Paula Siqueira > workedAt > Fiocruz
        Paula Siqueira > studiedAt > Universidade Estadual de Campinas
        Paula Siqueira > advisedBy > Marcos Teles
    """,
    "lab_page_de_table.html": """
        Nachwuchsgruppe Quantenoptik > partOf > Institut für Angewandte Physik|Universität Jena
        ?Institut für Angewandte Physik > partOf > Universität Jena
        Miriam Hollerbach > workedAt > Nachwuchsgruppe Quantenoptik|Universität Jena
        Jonas Kreuzer > studiedAt > Nachwuchsgruppe Quantenoptik|Universität Jena
        Jonas Kreuzer > advisedBy > Miriam Hollerbach
        Jonas Kreuzer > advisedBy > Rainer Vogt
        Lea Samstag > studiedAt > Nachwuchsgruppe Quantenoptik|Universität Jena
        Lea Samstag > advisedBy > Miriam Hollerbach
        Paul Endres > advisedBy > Miriam Hollerbach
        Paul Endres > workedAt > Carl Zeiss AG
    """,
    "homepage_fr.html": """
        Claire Vautrin > workedAt > Université de Lille
        Claire Vautrin > workedAt > équipe Magnet|Inria
        Claire Vautrin > studiedAt > Université Paris-Saclay
        Claire Vautrin > advisedBy > Bruno Lefèvre
        Claire Vautrin > workedAt > Université de Montréal
    """,
    # Round 3 (issue 14): a department's news about hires and an award, an institute's people page grouped by role,
    # a Chinese 团队成员 page, a Spanish appointment; news_ruf_de.md, personale_it.html and equipe_doctorants_fr.html
    # were kept aside, unseen, while the extractor was fixed for the others (the held-out figure).
    "news_hire_award.html": """
        Annelise Fjeldstad > workedAt > Department of Chemistry|University of Minnesota
        Department of Chemistry > partOf > University of Minnesota
        ~Annelise Fjeldstad > workedAt > Scripps Research Institute
        ?Annelise Fjeldstad > mentoredBy > Gideon Ashworth
        ?Annelise Fjeldstad > advisedBy > Gideon Ashworth
        Annelise Fjeldstad > studiedAt > University of Wisconsin–Madison
        Annelise Fjeldstad > advisedBy > Lena Morrissey
        Annelise Fjeldstad > studiedAt > St. Olaf College
        ~Marcus Thibodeaux-Lee > workedAt > Department of Chemistry|University of Minnesota
        Marcus Thibodeaux-Lee > workedAt > Merck Research Laboratories
        Marcus Thibodeaux-Lee > studiedAt > California Institute of Technology
        Marcus Thibodeaux-Lee > advisedBy > Harold Ng
        ~Valeria Ruiz-Okafor > workedAt > Department of Chemistry|University of Minnesota
        Valeria Ruiz-Okafor > workedAt > Harvard University
        Devin Marsh > advisedBy > Valeria Ruiz-Okafor
        ?Devin Marsh > studiedAt > Department of Chemistry|University of Minnesota
    """,
    "institute_people_roles.html": """
        Institute for Quantum Materials > partOf > Leiden University
        Pieter-Jan Vermeulen > workedAt > Institute for Quantum Materials|Leiden University
        Saskia Oudemans > workedAt > Institute for Quantum Materials|Leiden University
        Emeka Nwachukwu > workedAt > Institute for Quantum Materials|Leiden University
        Li Wen-Hsuan > workedAt > Institute for Quantum Materials|Leiden University
        ?Li Wen-Hsuan > mentoredBy > Saskia Oudemans
        Joaquín Barrera > workedAt > Institute for Quantum Materials|Leiden University
        Floor van Dijk > studiedAt > Institute for Quantum Materials|Leiden University
        Floor van Dijk > advisedBy > Pieter-Jan Vermeulen
        Floor van Dijk > advisedBy > Saskia Oudemans
        Hamid Rezaei > studiedAt > Institute for Quantum Materials|Leiden University
        Hamid Rezaei > advisedBy > Emeka Nwachukwu
        Ingrid Bakker > workedAt > Institute for Quantum Materials|Leiden University
        ~Kasper Holm > workedAt > Institute for Quantum Materials|Leiden University
        Kasper Holm > workedAt > Aarhus University
        ~Noor Haddad > studiedAt > Institute for Quantum Materials|Leiden University
        Noor Haddad > advisedBy > Pieter-Jan Vermeulen
        Noor Haddad > workedAt > ASML
    """,
    "team_zh.md": """
        蔡文静课题组 > partOf > 生命科学学院|复旦大学
        生命科学学院 > partOf > 复旦大学
        蔡文静 > workedAt > 蔡文静课题组|生命科学学院|复旦大学
        蔡文静 > studiedAt > 北京大学
        ~蔡文静 > advisedBy > 严国栋
        ~蔡文静 > workedAt > 加州大学旧金山分校
        孟浩然 > workedAt > 蔡文静课题组|生命科学学院|复旦大学
        孟浩然 > studiedAt > 中国科学院上海生命科学研究院
        郑一鸣 > studiedAt > 蔡文静课题组|生命科学学院|复旦大学
        郑一鸣 > advisedBy > 蔡文静
        ~郑一鸣 > advisedBy > 孟浩然
        Sarah Lindgren > studiedAt > 蔡文静课题组|生命科学学院|复旦大学
        Sarah Lindgren > advisedBy > 蔡文静
        吴佳琪 > studiedAt > 蔡文静课题组|生命科学学院|复旦大学
        吴佳琪 > advisedBy > 蔡文静
        ~黄天宇 > studiedAt > 蔡文静课题组|生命科学学院|复旦大学
        黄天宇 > advisedBy > 蔡文静
        黄天宇 > workedAt > 浙江大学
        ~刘可欣 > studiedAt > 蔡文静课题组|生命科学学院|复旦大学
        刘可欣 > advisedBy > 蔡文静
        ~刘可欣 > workedAt > 药明康德
    """,
    "news_nombramiento_es.html": """
        ~Instituto de Tecnología Química > partOf > Universitat Politècnica de València
        ?Instituto de Tecnología Química > partOf > CSIC
        Carmen Azpilicueta Lozano > workedAt > Instituto de Tecnología Química|Universitat Politècnica de València
        ?Federico Almansa Gil > workedAt > Instituto de Tecnología Química|Universitat Politècnica de València
        ~Carmen Azpilicueta Lozano > studiedAt > Universidad de Zaragoza
        ~Carmen Azpilicueta Lozano > advisedBy > Pilar Ezquerra
        Carmen Azpilicueta Lozano > workedAt > Instituto Max Planck de Investigación del Carbón
        ~Iker Etxeberria > advisedBy > Carmen Azpilicueta Lozano
        ~Lucía Manzano > advisedBy > Carmen Azpilicueta Lozano
        ?Iker Etxeberria > studiedAt > Instituto de Tecnología Química|Universitat Politècnica de València
        ?Lucía Manzano > studiedAt > Instituto de Tecnología Química|Universitat Politècnica de València
        ~Tomás Rivadeneira > workedAt > Instituto de Tecnología Química|Universitat Politècnica de València
        ~Tomás Rivadeneira > workedAt > Universidad de Oviedo
    """,
    "news_ruf_de.md": """
        ~Arbeitsgruppe Sprachtechnologie > partOf > Institut für Maschinelle Sprachverarbeitung|Universität Stuttgart
        ~Institut für Maschinelle Sprachverarbeitung > partOf > Universität Stuttgart
        ~Johanna Riedlinger > workedAt > Arbeitsgruppe Sprachtechnologie|Institut für Maschinelle Sprachverarbeitung|Universität Stuttgart
        Johanna Riedlinger > studiedAt > Universität des Saarlandes
        Johanna Riedlinger > studiedAt > Ludwig-Maximilians-Universität München
        Johanna Riedlinger > advisedBy > Gerold Hainbuch
        Johanna Riedlinger > workedAt > Deutsches Forschungszentrum für Künstliche Intelligenz
        Johanna Riedlinger > workedAt > Universität Tübingen
        Malte Oberdiek > advisedBy > Johanna Riedlinger
        ?Malte Oberdiek > studiedAt > Arbeitsgruppe Sprachtechnologie|Institut für Maschinelle Sprachverarbeitung|Universität Stuttgart
        ~Zeynep Aksoy > workedAt > Arbeitsgruppe Sprachtechnologie|Institut für Maschinelle Sprachverarbeitung|Universität Stuttgart
        ~Zeynep Aksoy > workedAt > Robert Bosch GmbH
    """,
    "personale_it.html": """
        Gruppo di Geofisica Applicata > partOf > Dipartimento di Scienze della Terra|Università di Pisa
        Dipartimento di Scienze della Terra > partOf > Università di Pisa
        Ottavio Bellandi > workedAt > Gruppo di Geofisica Applicata|Dipartimento di Scienze della Terra|Università di Pisa
        Serena Viviani > workedAt > Gruppo di Geofisica Applicata|Dipartimento di Scienze della Terra|Università di Pisa
        ~Serena Viviani > workedAt > INGV
        Kiran Bhattacharya > workedAt > Gruppo di Geofisica Applicata|Dipartimento di Scienze della Terra|Università di Pisa
        Giulia Nardone > studiedAt > Gruppo di Geofisica Applicata|Dipartimento di Scienze della Terra|Università di Pisa
        Giulia Nardone > advisedBy > Ottavio Bellandi
        ~Giulia Nardone > advisedBy > Serena Viviani
        Matteo Fabbrini > studiedAt > Gruppo di Geofisica Applicata|Dipartimento di Scienze della Terra|Università di Pisa
        Matteo Fabbrini > advisedBy > Ottavio Bellandi
        ~Lorenzo Cima > studiedAt > Gruppo di Geofisica Applicata|Dipartimento di Scienze della Terra|Università di Pisa
        Lorenzo Cima > advisedBy > Ottavio Bellandi
        Lorenzo Cima > workedAt > Istituto Nazionale di Oceanografia e di Geofisica Sperimentale
    """,
    "equipe_doctorants_fr.html": """
        ~Géosciences du littoral > partOf > Geo-Ocean|Université de Bretagne Occidentale
        ~Geo-Ocean > partOf > Université de Bretagne Occidentale
        ~Gwénaëlle Le Floc'h > workedAt > Géosciences du littoral|Geo-Ocean|Université de Bretagne Occidentale
        ~Yannick Kervella > workedAt > Géosciences du littoral|Geo-Ocean|Université de Bretagne Occidentale
        ~Awa Diallo > studiedAt > Géosciences du littoral|Geo-Ocean|Université de Bretagne Occidentale
        Awa Diallo > advisedBy > Gwénaëlle Le Floc'h
        Awa Diallo > advisedBy > Yannick Kervella
        ~Théo Marzin > studiedAt > Géosciences du littoral|Geo-Ocean|Université de Bretagne Occidentale
        Théo Marzin > advisedBy > Gwénaëlle Le Floc'h
        ~Clémence Abgrall > studiedAt > Géosciences du littoral|Geo-Ocean|Université de Bretagne Occidentale
        ~Clémence Abgrall > workedAt > Shom
        ~Rafael Moniz > workedAt > Géosciences du littoral|Geo-Ocean|Université de Bretagne Occidentale
        Rafael Moniz > workedAt > Universidade do Algarve
    """,
    # Round 4 (issue 14): eighteen pages in shapes the rounds above lack. Split before any was graded: sorted by
    # name, every third (committee_page.html, group_alumni_now.md, medewerkers_nl.html, news_appointment_en.html,
    # personal_sv.md, tuandui_zh_table.html) was kept aside, unseen, while the extractor was fixed for the others.
    "about_pi.html": """
        Raghavan Lab for Cellular Biophysics > partOf > Department of Bioengineering|Westmere Institute of Technology
        ?Department of Bioengineering > partOf > Westmere Institute of Technology
        Sunita Raghavan > workedAt > Raghavan Lab for Cellular Biophysics|Department of Bioengineering|Westmere Institute of Technology
        Sunita Raghavan > studiedAt > Halvard University
        Sunita Raghavan > advisedBy > Thomas Edgecombe
        Sunita Raghavan > studiedAt > Deccan Institute of Technology
        Sunita Raghavan > workedAt > Cellworth Research Institute
        ~Sunita Raghavan > mentoredBy|advisedBy > Miriam Oyelaran
    """,
    "bio_several_people.md": """
        Rosa Delgado-Whitlock > workedAt > School of Public Health|University of Kettering Vale
        ?School of Public Health > partOf > University of Kettering Vale
        Rosa Delgado-Whitlock > studiedAt > Universidad de Montaña Alta
        Rosa Delgado-Whitlock > studiedAt > University of Ashcombe
        Rosa Delgado-Whitlock > advisedBy > Nigel Ormsby
        Rosa Delgado-Whitlock > advisedBy > Yetunde Bakare
        Rosa Delgado-Whitlock > workedAt > Meridian Institute for Tropical Health
        ~Rosa Delgado-Whitlock > mentoredBy|advisedBy > Carlos Penhalver
        Ahmed Farouk > advisedBy > Rosa Delgado-Whitlock
        Lucy Tran > advisedBy > Rosa Delgado-Whitlock
        Jonas Pedersen > advisedBy > Rosa Delgado-Whitlock
        Jonas Pedersen > advisedBy > Nigel Ormsby
        Ifeoma Chukwu > advisedBy > Rosa Delgado-Whitlock
        Ifeoma Chukwu > workedAt > University of Ashcombe
        ?Nigel Ormsby > workedAt > University of Ashcombe
    """,
    "committee_page.html": """
        Beatrix Hallström > workedAt > Norrvik University of Technology
        Daniel Okonjo > workedAt > University of Eastmarch
        Chen Yuhan > workedAt > Dongling University
        Matthias Rehkopf > workedAt > Universität Kranichfeld
        Ana Paula Figueiredo > workedAt > Universidade Estadual do Vale Alto
        Tomás Ibarra > workedAt > Aerodyne Simulations Inc.
    """,
    "equipe_pt.md": """
        Laboratório de Genômica de Plantas > partOf > Departamento de Genética|Universidade Estadual do Vale Alto
        ?Departamento de Genética > partOf > Universidade Estadual do Vale Alto
        Marília Cardoso Brandão > workedAt > Laboratório de Genômica de Plantas|Departamento de Genética|Universidade Estadual do Vale Alto
        Marília Cardoso Brandão > studiedAt > Universidade Federal de Serra Clara
        Vinícius Lobato > workedAt > Empresa Brasileira de Agrotecnologia
        ?Vinícius Lobato > workedAt > Laboratório de Genômica de Plantas|Universidade Estadual do Vale Alto
        Tatiane Queiroz > workedAt > Laboratório de Genômica de Plantas|Universidade Estadual do Vale Alto
        Tatiane Queiroz > mentoredBy|advisedBy > Marília Cardoso Brandão
        Gustavo Henrique Paes > studiedAt > Laboratório de Genômica de Plantas|Universidade Estadual do Vale Alto
        Gustavo Henrique Paes > advisedBy > Marília Cardoso Brandão
        Letícia Amaral Souto > studiedAt > Laboratório de Genômica de Plantas|Universidade Estadual do Vale Alto
        Letícia Amaral Souto > advisedBy > Marília Cardoso Brandão
        ~Letícia Amaral Souto > advisedBy > Vinícius Lobato
        Felipe Arantes > studiedAt > Laboratório de Genômica de Plantas|Universidade Estadual do Vale Alto
        Felipe Arantes > advisedBy > Vinícius Lobato
        Natália Furtado > workedAt > Universidade Federal de Serra Clara
        ?Natália Furtado > studiedAt > Laboratório de Genômica de Plantas|Universidade Estadual do Vale Alto
        Bruno Teixeira > workedAt > Sementes Horizonte Ltda.
        ?Bruno Teixeira > studiedAt > Laboratório de Genômica de Plantas|Universidade Estadual do Vale Alto
    """,
    "equipe_theses_fr.md": """
        Équipe Modélisation et Optimisation > partOf > Laboratoire d'Informatique de Valcourt|Université de Valcourt
        ?Laboratoire d'Informatique de Valcourt > partOf > Université de Valcourt
        Sophie Garnier-Roux > workedAt > Équipe Modélisation et Optimisation|Laboratoire d'Informatique de Valcourt|Université de Valcourt
        Mathieu Lebrun > workedAt > Équipe Modélisation et Optimisation|Laboratoire d'Informatique de Valcourt|Université de Valcourt
        Nadia Benali > workedAt > Équipe Modélisation et Optimisation|Laboratoire d'Informatique de Valcourt|Université de Valcourt
        Hugo Delmas > studiedAt > Équipe Modélisation et Optimisation|Laboratoire d'Informatique de Valcourt|Université de Valcourt
        Hugo Delmas > advisedBy > Sophie Garnier-Roux
        Aïcha Traoré > studiedAt > Équipe Modélisation et Optimisation|Laboratoire d'Informatique de Valcourt|Université de Valcourt
        Aïcha Traoré > advisedBy > Mathieu Lebrun
        Aïcha Traoré > advisedBy > Nadia Benali
        Lucas Perrot > studiedAt > Équipe Modélisation et Optimisation|Laboratoire d'Informatique de Valcourt|Université de Valcourt
        Lucas Perrot > advisedBy > Sophie Garnier-Roux
        Lucas Perrot > advisedBy > Paul Vasseur
        ~Paul Vasseur > workedAt > Université de Montclair
        ~Ewa Kowalczyk > workedAt > Équipe Modélisation et Optimisation|Laboratoire d'Informatique de Valcourt|Université de Valcourt
        ~Ewa Kowalczyk > workedAt > Institut Polytechnique de Brzezina
    """,
    "group_alumni_now.md": """
        Computational Ecology Group > partOf > Department of Biology|University of Eastmarch
        ?Department of Biology > partOf > University of Eastmarch
        Harriet Quenby > workedAt > Computational Ecology Group|Department of Biology|University of Eastmarch
        Harriet Quenby > studiedAt > University of Wexmoor
        Oluwaseun Adebayo > workedAt > Computational Ecology Group|Department of Biology|University of Eastmarch
        Tilde Marstrand > workedAt > Computational Ecology Group|University of Eastmarch
        Tilde Marstrand > studiedAt > Nordhavn University
        Callum Ferris > studiedAt > Computational Ecology Group|University of Eastmarch
        Callum Ferris > advisedBy > Harriet Quenby
        Ines Vaskova > studiedAt > Computational Ecology Group|University of Eastmarch
        Ines Vaskova > advisedBy > Oluwaseun Adebayo
        Ines Vaskova > advisedBy > Harriet Quenby
        Ruairi Doyle > studiedAt > Computational Ecology Group|University of Eastmarch
        Ruairi Doyle > advisedBy > Oluwaseun Adebayo
        Priyanka Sethuraman > workedAt > Greenholt Conservation Trust
        ?Priyanka Sethuraman > studiedAt > Computational Ecology Group|University of Eastmarch
        Marek Hollis > workedAt > University of Wexmoor
        ~Marek Hollis > workedAt > Computational Ecology Group|University of Eastmarch
        Anneke Stoltz > workedAt > Veldmark Analytics
        ?Anneke Stoltz > studiedAt > Computational Ecology Group|University of Eastmarch
    """,
    "jekyll_members.md": """
        Quantum Devices Lab > partOf > Department of Physics|Ridgecrest University
        ?Department of Physics > partOf > Ridgecrest University
        Tobias Wainwright > workedAt > Quantum Devices Lab|Department of Physics|Ridgecrest University
        Tobias Wainwright > studiedAt > Selworth University
        Aiko Hamasaki > workedAt > Quantum Devices Lab|Ridgecrest University
        Daniel Kurikka > studiedAt > Quantum Devices Lab|Ridgecrest University
        Daniel Kurikka > advisedBy > Tobias Wainwright
        Simone Faraldo > studiedAt > Quantum Devices Lab|Ridgecrest University
        Simone Faraldo > advisedBy > Tobias Wainwright
        Simone Faraldo > advisedBy > Helen Marsh-Ojo
        ?Kevin Zhu > studiedAt > Quantum Devices Lab|Ridgecrest University
        Grace Ofori > workedAt > Qubitron Inc.
        ?Grace Ofori > studiedAt > Quantum Devices Lab|Ridgecrest University
        Leon Baptiste > workedAt > Selworth University
        Leon Baptiste > workedAt > Quantum Devices Lab|Ridgecrest University
    """,
    "kenkyushitsu_ja_table.html": """
        森田研究室 > partOf > 機械工学科|工学部|北浜大学
        ?機械工学科 > partOf > 工学部|北浜大学
        森田 浩一 > workedAt > 森田研究室|機械工学科|北浜大学
        ~森田 浩一 > studiedAt > 東雲大学
        川口 遥 > workedAt > 森田研究室|機械工学科|北浜大学
        藤井 大輝 > studiedAt > 森田研究室|北浜大学
        藤井 大輝 > advisedBy > 森田 浩一
        Nguyen Van Minh > studiedAt > 森田研究室|北浜大学
        Nguyen Van Minh > advisedBy > 森田 浩一
        Nguyen Van Minh > advisedBy > 川口 遥
        小林 里奈 > studiedAt > 森田研究室|北浜大学
        小林 里奈 > advisedBy > 川口 遥
        石井 拓海 > workedAt > 北浜重工業株式会社
        ?石井 拓海 > studiedAt > 森田研究室|北浜大学
        青木 真央 > workedAt > 株式会社ソラテック
        ?青木 真央 > studiedAt > 森田研究室|北浜大学
    """,
    "medewerkers_nl.html": """
        Afdeling Hydraulische Techniek > partOf > Faculteit Civiele Techniek|Technische Universiteit Oostervaart
        ?Faculteit Civiele Techniek > partOf > Technische Universiteit Oostervaart
        Gerrit-Jan Oosterhuis > workedAt > Afdeling Hydraulische Techniek|Faculteit Civiele Techniek|Technische Universiteit Oostervaart
        Maaike Verbruggen > workedAt > Afdeling Hydraulische Techniek|Faculteit Civiele Techniek|Technische Universiteit Oostervaart
        Thijs Wolters > workedAt > Afdeling Hydraulische Techniek|Faculteit Civiele Techniek|Technische Universiteit Oostervaart
        ~Thijs Wolters > workedAt > Waterbouwkundig Adviesbureau Lindeboom
        Femke Roelofs > studiedAt > Afdeling Hydraulische Techniek|Faculteit Civiele Techniek|Technische Universiteit Oostervaart
        Femke Roelofs > advisedBy > Gerrit-Jan Oosterhuis
        ~Femke Roelofs > advisedBy > Maaike Verbruggen
        Anil Kumar Reddy > studiedAt > Afdeling Hydraulische Techniek|Faculteit Civiele Techniek|Technische Universiteit Oostervaart
        Anil Kumar Reddy > advisedBy > Gerrit-Jan Oosterhuis
        Ingrid Mertens > workedAt > Afdeling Hydraulische Techniek|Faculteit Civiele Techniek|Technische Universiteit Oostervaart
    """,
    "members_table_advisor.html": """
        Sensor Systems Lab > partOf > Department of Electrical Engineering|Norrvik University of Technology
        ?Department of Electrical Engineering > partOf > Norrvik University of Technology
        Elsa Brännström > workedAt > Sensor Systems Lab|Department of Electrical Engineering|Norrvik University of Technology
        Mattias Lundkvist > workedAt > Sensor Systems Lab|Department of Electrical Engineering|Norrvik University of Technology
        Farid Nazari > workedAt > Sensor Systems Lab|Norrvik University of Technology
        Ebba Sjöholm > studiedAt > Sensor Systems Lab|Norrvik University of Technology
        Ebba Sjöholm > advisedBy > Elsa Brännström
        Jonatan Aho > studiedAt > Sensor Systems Lab|Norrvik University of Technology
        Jonatan Aho > advisedBy > Mattias Lundkvist
        Jonatan Aho > advisedBy > Elsa Brännström
        Wei-Ting Kuo > studiedAt > Sensor Systems Lab|Norrvik University of Technology
        ~Wei-Ting Kuo > advisedBy > Mattias Lundkvist
        Oskar Fält > workedAt > Sensor Systems Lab|Norrvik University of Technology
        Linnea Hagberg > advisedBy > Elsa Brännström
        Linnea Hagberg > workedAt > Kvarnby Instruments AB
        ?Linnea Hagberg > studiedAt > Sensor Systems Lab|Norrvik University of Technology
        Ravi Pillai > workedAt > University of Eastmarch
        Ravi Pillai > workedAt > Sensor Systems Lab|Norrvik University of Technology
    """,
    "membres_grup_ca.html": """
        Grup de Recerca en Sistemes Energètics > partOf > Departament d'Enginyeria Elèctrica|Universitat de Pinyana
        ?Departament d'Enginyeria Elèctrica > partOf > Universitat de Pinyana
        Jordi Vilaplana i Roca > workedAt > Grup de Recerca en Sistemes Energètics|Departament d'Enginyeria Elèctrica|Universitat de Pinyana
        Montserrat Puigdomènech > workedAt > Grup de Recerca en Sistemes Energètics|Departament d'Enginyeria Elèctrica|Universitat de Pinyana
        Arnau Soler > workedAt > Grup de Recerca en Sistemes Energètics|Universitat de Pinyana
        Laia Ferrer Casals > studiedAt > Grup de Recerca en Sistemes Energètics|Universitat de Pinyana
        Laia Ferrer Casals > advisedBy > Jordi Vilaplana i Roca
        Oriol Batlle > studiedAt > Grup de Recerca en Sistemes Energètics|Universitat de Pinyana
        Oriol Batlle > advisedBy > Montserrat Puigdomènech
        Oriol Batlle > advisedBy > Jordi Vilaplana i Roca
        Xavier Comas > workedAt > Energia Mediterrània SA
        ?Xavier Comas > studiedAt > Grup de Recerca en Sistemes Energètics|Universitat de Pinyana
    """,
    "news_appointment_en.html": """
        Miriam Achterberg > workedAt > Halden Institute for Ocean Systems
        Miriam Achterberg > workedAt > Coastal Dynamics Group|Carrow University
        ?Coastal Dynamics Group > partOf > Carrow University
        Miriam Achterberg > workedAt > Baltic Marine Research Agency
        Miriam Achterberg > studiedAt > University of Lindenfeld
        Miriam Achterberg > advisedBy > Klaus Berendsen
        Miriam Achterberg > studiedAt > Marlow College
        ~Colin Abernethy > workedAt > Halden Institute for Ocean Systems
        ~Aisha Rahman > workedAt > Carrow University
        ?Aisha Rahman > workedAt > Halden Institute for Ocean Systems
    """,
    "news_nomina_it.md": """
        ?Dipartimento di Ingegneria Elettronica > partOf > Università degli Studi di Valdorcia
        Beatrice Valsecchi > workedAt > Dipartimento di Ingegneria Elettronica|Università degli Studi di Valdorcia
        Beatrice Valsecchi > studiedAt > Politecnico di Monteverde
        Beatrice Valsecchi > advisedBy > Aldo Ferrante
        ~Beatrice Valsecchi > workedAt > Istituto Superiore per la Microelettronica
        ~Renato Grimaldi > workedAt > Dipartimento di Ingegneria Elettronica|Università degli Studi di Valdorcia
        Davide Lo Russo > advisedBy > Beatrice Valsecchi
        ?Davide Lo Russo > studiedAt > Dipartimento di Ingegneria Elettronica|Università degli Studi di Valdorcia
    """,
    "news_preis_de.html": """
        ~Nachwuchsgruppe Molekulare Katalyse > partOf > Institut für Organische Chemie|Universität Kranichfeld
        ?Institut für Organische Chemie > partOf > Universität Kranichfeld
        Benedikt Aurich > workedAt > Nachwuchsgruppe Molekulare Katalyse|Institut für Organische Chemie|Universität Kranichfeld
        Benedikt Aurich > studiedAt > Technische Universität Elbstadt
        Benedikt Aurich > studiedAt > Universität Kranichfeld
        Benedikt Aurich > advisedBy > Ulrike Hammerschmidt
        Benedikt Aurich > workedAt > University of Westbrook
        Benedikt Aurich > mentoredBy|advisedBy > Samuel Okafor
        ?Ulrike Hammerschmidt > workedAt > Universität Kranichfeld
        ?Samuel Okafor > workedAt > University of Westbrook
        Lena Vogelsang > advisedBy > Benedikt Aurich
        ?Lena Vogelsang > studiedAt > Nachwuchsgruppe Molekulare Katalyse|Universität Kranichfeld
    """,
    "personal_sv.md": """
        Avdelningen för tillämpad matematik > partOf > Institutionen för matematiska vetenskaper|Sundsvik universitet
        ?Institutionen för matematiska vetenskaper > partOf > Sundsvik universitet
        Karin Åkesson > workedAt > Avdelningen för tillämpad matematik|Institutionen för matematiska vetenskaper|Sundsvik universitet
        Per-Olof Nyberg > workedAt > Avdelningen för tillämpad matematik|Institutionen för matematiska vetenskaper|Sundsvik universitet
        Sanna Lindahl > workedAt > Avdelningen för tillämpad matematik|Institutionen för matematiska vetenskaper|Sundsvik universitet
        ~Aleksander Jovanović > workedAt > Avdelningen för tillämpad matematik|Institutionen för matematiska vetenskaper|Sundsvik universitet
        Aleksander Jovanović > workedAt > Vänersborgs tekniska högskola
        Hugo Ek > studiedAt > Avdelningen för tillämpad matematik|Sundsvik universitet
        Hugo Ek > advisedBy > Karin Åkesson
        Hugo Ek > advisedBy > Sanna Lindahl
        Maja Sundqvist > studiedAt > Avdelningen för tillämpad matematik|Sundsvik universitet
        Maja Sundqvist > advisedBy > Sanna Lindahl
        Yusuf Demir > studiedAt > Avdelningen för tillämpad matematik|Sundsvik universitet
        Yusuf Demir > advisedBy > Karin Åkesson
        Elin Strand > workedAt > Ericsdal AB
        ?Elin Strand > studiedAt > Avdelningen för tillämpad matematik|Sundsvik universitet
    """,
    "phd_defence.html": """
        ?Coastal Engineering Section > partOf > Faculty of Civil Engineering|Lindholm University
        Sven Oudekerk > studiedAt > Coastal Engineering Section|Faculty of Civil Engineering|Lindholm University
        Sven Oudekerk > advisedBy > Annemarie Koster
        Sven Oudekerk > advisedBy > Rajesh Venkataraman
        Annemarie Koster > workedAt > Lindholm University
        Rajesh Venkataraman > workedAt > Lindholm University
        Hélène Morvan > workedAt > Université de Saint-Aubin
        Kurt Ebersbach > workedAt > Technische Universität Elbstadt
        Lucy Farrant > workedAt > Severn Hydraulics Research Ltd
        Joris de Haan > workedAt > Lindholm University
    """,
    "pracownicy_pl.html": """
        Katedra Inżynierii Materiałowej > partOf > Wydział Mechaniczny|Politechnika Nadwiślańska
        ?Wydział Mechaniczny > partOf > Politechnika Nadwiślańska
        Bogdan Karczewski > workedAt > Katedra Inżynierii Materiałowej|Wydział Mechaniczny|Politechnika Nadwiślańska
        Agnieszka Zawadzka > workedAt > Katedra Inżynierii Materiałowej|Wydział Mechaniczny|Politechnika Nadwiślańska
        Michał Sobczyk > workedAt > Katedra Inżynierii Materiałowej|Wydział Mechaniczny|Politechnika Nadwiślańska
        Katarzyna Lis > studiedAt > Katedra Inżynierii Materiałowej|Politechnika Nadwiślańska
        Katarzyna Lis > advisedBy > Bogdan Karczewski
        Piotr Wójtowicz > studiedAt > Katedra Inżynierii Materiałowej|Politechnika Nadwiślańska
        Piotr Wójtowicz > advisedBy > Agnieszka Zawadzka
        Piotr Wójtowicz > advisedBy > Michał Sobczyk
    """,
    "tuandui_zh_table.html": """
        智能感知实验室 > partOf > 信息科学与技术学院|东岭大学
        ?信息科学与技术学院 > partOf > 东岭大学
        ~何振宇 > workedAt > 智能感知实验室|信息科学与技术学院|东岭大学
        何振宇 > studiedAt > 西川大学
        何振宇 > workedAt > 海港科技大学
        ~林晓彤 > workedAt > 智能感知实验室|信息科学与技术学院|东岭大学
        马俊杰 > studiedAt > 智能感知实验室|东岭大学
        马俊杰 > advisedBy > 何振宇
        宋雨晴 > studiedAt > 智能感知实验室|东岭大学
        宋雨晴 > advisedBy > 何振宇
        宋雨晴 > advisedBy > 林晓彤
        唐子轩 > studiedAt > 智能感知实验室|东岭大学
        唐子轩 > advisedBy > 林晓彤
        ~冯立诚 > workedAt > 南江大学
        ?冯立诚 > studiedAt > 智能感知实验室|东岭大学
        韩静怡 > workedAt > 星图科技有限公司
        ?韩静怡 > studiedAt > 智能感知实验室|东岭大学
    """,
    "kafedra_ru.html": """
        ~Кафедра вычислительной математики > partOf > Механико-математический факультет|Приволжский государственный университет
        ?Механико-математический факультет > partOf > Приволжский государственный университет
        ~Соколов Андрей Викторович > workedAt > Кафедра вычислительной математики|Механико-математический факультет|Приволжский государственный университет
        ~Белова Ирина Сергеевна > workedAt > Кафедра вычислительной математики|Механико-математический факультет|Приволжский государственный университет
        ~Никитин Олег Павлович > workedAt > Кафедра вычислительной математики|Механико-математический факультет|Приволжский государственный университет
        ~Фархутдинова Алия Маратовна > workedAt > Кафедра вычислительной математики|Механико-математический факультет|Приволжский государственный университет
        ~Григорьев Денис Алексеевич > studiedAt > Кафедра вычислительной математики|Приволжский государственный университет
        ~Григорьев Денис Алексеевич > advisedBy > Соколов Андрей Викторович
        ~Ахмедова Лейла Рустамовна > studiedAt > Кафедра вычислительной математики|Приволжский государственный университет
        ~Ахмедова Лейла Рустамовна > advisedBy > Белова Ирина Сергеевна
    """,
    "ekip_tr.html": """
        Akıllı Sistemler Laboratuvarı > partOf > Bilgisayar Mühendisliği Bölümü|Karadeniz Teknik Araştırma Üniversitesi
        ?Bilgisayar Mühendisliği Bölümü > partOf > Karadeniz Teknik Araştırma Üniversitesi
        Selin Aydoğan > workedAt > Akıllı Sistemler Laboratuvarı|Bilgisayar Mühendisliği Bölümü|Karadeniz Teknik Araştırma Üniversitesi
        Selin Aydoğan > studiedAt > Orta Doğu Teknik Üniversitesi
        Emre Kaplan > workedAt > Akıllı Sistemler Laboratuvarı|Bilgisayar Mühendisliği Bölümü|Karadeniz Teknik Araştırma Üniversitesi
        Emre Kaplan > studiedAt > Technische Universität München
        Burak Yıldız > studiedAt > Akıllı Sistemler Laboratuvarı|Karadeniz Teknik Araştırma Üniversitesi
        Burak Yıldız > advisedBy > Selin Aydoğan
        Zeynep Arslan > studiedAt > Akıllı Sistemler Laboratuvarı|Karadeniz Teknik Araştırma Üniversitesi
        Zeynep Arslan > advisedBy > Selin Aydoğan
        Zeynep Arslan > advisedBy > Emre Kaplan
        Mert Özdemir > workedAt > Aselsan
        ?Mert Özdemir > studiedAt > Akıllı Sistemler Laboratuvarı|Karadeniz Teknik Araştırma Üniversitesi
        Ayşe Korkmaz > workedAt > Trendyol
        ?Ayşe Korkmaz > studiedAt > Akıllı Sistemler Laboratuvarı|Karadeniz Teknik Araştırma Üniversitesi
    """,
    "ergastirio_el.md": """
        Εργαστήριο Υπολογιστικής Βιολογίας > partOf > Τμήμα Βιολογίας|Πανεπιστήμιο Θερμαϊκού
        ?Τμήμα Βιολογίας > partOf > Πανεπιστήμιο Θερμαϊκού
        Νικόλαος Παπαδάκης > workedAt > Εργαστήριο Υπολογιστικής Βιολογίας|Τμήμα Βιολογίας|Πανεπιστήμιο Θερμαϊκού
        Νικόλαος Παπαδάκης > studiedAt > Πανεπιστήμιο Κρήτης
        Ελένη Γεωργίου > workedAt > Εργαστήριο Υπολογιστικής Βιολογίας|Τμήμα Βιολογίας|Πανεπιστήμιο Θερμαϊκού
        Ελένη Γεωργίου > studiedAt > Εθνικό Μετσόβιο Πολυτεχνείο
        Δημήτρης Κωνσταντίνου > studiedAt > Εργαστήριο Υπολογιστικής Βιολογίας|Πανεπιστήμιο Θερμαϊκού
        Δημήτρης Κωνσταντίνου > advisedBy > Νικόλαος Παπαδάκης
        Μαρία Αλεξίου > studiedAt > Εργαστήριο Υπολογιστικής Βιολογίας|Πανεπιστήμιο Θερμαϊκού
        Μαρία Αλεξίου > advisedBy > Νικόλαος Παπαδάκης
        Μαρία Αλεξίου > advisedBy > Σοφία Μαυρίδου
        Ιωάννης Σταύρου > workedAt > Novartis
        ?Ιωάννης Σταύρου > studiedAt > Εργαστήριο Υπολογιστικής Βιολογίας|Πανεπιστήμιο Θερμαϊκού
        Αθηνά Λαμπράκη > workedAt > Ινστιτούτο Μοριακής Βιολογίας Κρήτης
        ?Αθηνά Λαμπράκη > studiedAt > Εργαστήριο Υπολογιστικής Βιολογίας|Πανεπιστήμιο Θερμαϊκού
    """,
    "laborator_cs.html": """
        ~Laboratoř mobilní robotiky > partOf > Ústav kybernetiky|Fakulta elektrotechnická|Vysoká škola technická v Lipnici
        ?Ústav kybernetiky > partOf > Fakulta elektrotechnická|Vysoká škola technická v Lipnici
        ?Fakulta elektrotechnická > partOf > Vysoká škola technická v Lipnici
        ~Tomáš Dvořák > workedAt > Laboratoř mobilní robotiky|Ústav kybernetiky|Fakulta elektrotechnická|Vysoká škola technická v Lipnici
        ~Lucie Marešová > workedAt > Laboratoř mobilní robotiky|Ústav kybernetiky|Fakulta elektrotechnická|Vysoká škola technická v Lipnici
        ~Vojtěch Beneš > workedAt > Laboratoř mobilní robotiky|Ústav kybernetiky|Fakulta elektrotechnická|Vysoká škola technická v Lipnici
        ~Jana Horáková > studiedAt > Laboratoř mobilní robotiky|Vysoká škola technická v Lipnici
        ~Jana Horáková > advisedBy > Tomáš Dvořák
        ~Petr Novotný > studiedAt > Laboratoř mobilní robotiky|Vysoká škola technická v Lipnici
        ~Petr Novotný > advisedBy > Tomáš Dvořák
        ~Petr Novotný > advisedBy > Lucie Marešová
        ~Martin Kučera > workedAt > Škoda Auto
        ?Martin Kučera > studiedAt > Laboratoř mobilní robotiky|Vysoká škola technická v Lipnici
        ~Eva Procházková > workedAt > Univerzita Karlova
        ?Eva Procházková > studiedAt > Laboratoř mobilní robotiky|Vysoká škola technická v Lipnici
    """,
    "staff_directory_rooms.html": """
        ?School of Earth Sciences > partOf > University of Harrowgate
        Miriam Ashworth > workedAt > School of Earth Sciences|University of Harrowgate
        Chinedu Okafor > workedAt > School of Earth Sciences|University of Harrowgate
        Gwenllian Pryce > workedAt > School of Earth Sciences|University of Harrowgate
        Bastien Delacroix > workedAt > School of Earth Sciences|University of Harrowgate
        Tom Hargreaves > studiedAt > School of Earth Sciences|University of Harrowgate
        Tom Hargreaves > advisedBy > Miriam Ashworth
        Emi Nakamura > studiedAt > School of Earth Sciences|University of Harrowgate
        Emi Nakamura > advisedBy > Chinedu Okafor
        Emi Nakamura > advisedBy > Gwenllian Pryce
    """,
    "drupal_team_cards.html": """
        ~Rhizosphere Ecology Group > partOf > Marsh Institute for Soil Biology
        Amara Nwosu > workedAt > Rhizosphere Ecology Group|Marsh Institute for Soil Biology
        Henrik Solberg > workedAt > Rhizosphere Ecology Group|Marsh Institute for Soil Biology
        Lucía Ferreyra > workedAt > Rhizosphere Ecology Group|Marsh Institute for Soil Biology
        Tomás Iriarte > studiedAt > University of Lowmoor
        Tomás Iriarte > advisedBy > Amara Nwosu
        ?Tomás Iriarte > studiedAt|workedAt > Rhizosphere Ecology Group|Marsh Institute for Soil Biology
        Kofi Asante > workedAt > University of Ghana
        ?Kofi Asante > workedAt > Rhizosphere Ecology Group|Marsh Institute for Soil Biology
    """,
    "alumni_table.md": """
        Kessler Lab > partOf > Department of Chemical Biology|University of Westbridge
        ?Department of Chemical Biology > partOf > University of Westbridge
        ?Miriam Kessler > workedAt > Kessler Lab|Department of Chemical Biology|University of Westbridge
        Aditi Rao > studiedAt > Kessler Lab|Department of Chemical Biology|University of Westbridge
        Aditi Rao > advisedBy > Miriam Kessler
        Aditi Rao > workedAt > University of Toronto
        Jakob Lindner > studiedAt > Kessler Lab|Department of Chemical Biology|University of Westbridge
        Jakob Lindner > advisedBy > Miriam Kessler
        Jakob Lindner > advisedBy > Samuel Ortiz
        Jakob Lindner > workedAt > Novartis
        Chloé Bernard > workedAt > Kessler Lab|Department of Chemical Biology|University of Westbridge
        Chloé Bernard > advisedBy|mentoredBy > Miriam Kessler
        Chloé Bernard > workedAt > Institut Pasteur
        Owen Fitzgerald > studiedAt > Kessler Lab|Department of Chemical Biology|University of Westbridge
        Owen Fitzgerald > advisedBy > Samuel Ortiz
        Owen Fitzgerald > workedAt > Recursion Pharmaceuticals
    """,
    "director_about.html": """
        ~Halloran Institute for Coastal Resilience > partOf > Easthaven University
        Ngozi Adeyemi-Clarke > workedAt > Halloran Institute for Coastal Resilience
        Ngozi Adeyemi-Clarke > workedAt > Easthaven University
        Ngozi Adeyemi-Clarke > workedAt > Delft Hydraulics Research Centre
        Ngozi Adeyemi-Clarke > studiedAt > University of Southampton
        Ngozi Adeyemi-Clarke > advisedBy > Alistair Rennie
        Ngozi Adeyemi-Clarke > studiedAt > University of Lagos
        ?Ngozi Adeyemi-Clarke > workedAt > North Sea Flood Alliance
    """,
    "phd_programme.html": """
        ?Graduate School of Life Sciences > partOf > Rivermouth University
        Amelia Thornbury > studiedAt > Graduate School of Life Sciences|Rivermouth University
        Amelia Thornbury > advisedBy > Felix Haugland
        Amelia Thornbury > advisedBy > Rosa Villanueva
        Kenji Morimoto > studiedAt > Graduate School of Life Sciences|Rivermouth University
        Kenji Morimoto > advisedBy > Ilse Brandt
        Sade Ogunleye > studiedAt > Graduate School of Life Sciences|Rivermouth University
        Sade Ogunleye > advisedBy > Ilse Brandt
        Sade Ogunleye > advisedBy > Marco Benedetti
        Lukas Reinholt > studiedAt > Graduate School of Life Sciences|Rivermouth University
        Lukas Reinholt > advisedBy > Felix Haugland
        Felix Haugland > workedAt > Rivermouth University
        Rosa Villanueva > workedAt > Max Planck Institute for Brain Research
        Ilse Brandt > workedAt > Rivermouth University
        Marco Benedetti > workedAt > Italian Institute of Technology
    """,
    "keynote_speakers.md": """
        ~Lindiwe Mahlangu > workedAt > Precision Farming Systems Lab|Stellenbrook University
        ?Precision Farming Systems Lab > partOf > Stellenbrook University
        ~Lindiwe Mahlangu > studiedAt > University of Cape Town
        ~Lindiwe Mahlangu > workedAt > Wageningen University
        Rahul Deshpande > workedAt > AgriSense Technologies
        ~Rahul Deshpande > workedAt > IBM Research
        Rahul Deshpande > studiedAt > Purdue University
        Rahul Deshpande > advisedBy > Karen Whitlock
        Ewa Kowalczyk > workedAt > Warsaw University of Life Sciences
        Ewa Kowalczyk > studiedAt > University of Bonn
    """,
    "scholar_profile.html": """
        Haruto Ishikawa > workedAt > Hokuriku Institute of Technology
        ~Miyu Takeda > workedAt > University of Kanazawa-Hoshi
        ~Daniel Okoro > workedAt > Google DeepMind
        ~Sophie Lemaire > studiedAt > ETH Zurich
        ~Haruto Ishikawa > authored > Synthesizing recursive programs from few examples
        ~Haruto Ishikawa > authored > Neural guidance for enumerative synthesis
        ~Miyu Takeda > authored > Synthesizing recursive programs from few examples
        ~Daniel Okoro > authored > Neural guidance for enumerative synthesis
        ~Sophie Lemaire > authored > Neural guidance for enumerative synthesis
        ~Haruto Ishikawa > coauthored > Miyu Takeda
        ~Haruto Ishikawa > coauthored > Daniel Okoro
        ~Haruto Ishikawa > coauthored > Sophie Lemaire
        ?Synthesizing recursive programs from few examples > publishedIn > POPL
        ~Neural guidance for enumerative synthesis > publishedIn > PLDI
    """,
    "news_promotion_ko.md": """
        ?화학생물공학부 > partOf > 한빛대학교
        ~오세린 > workedAt > 화학생물공학부|한빛대학교
        ~오세린 > studiedAt > 서울대학교
        ~오세린 > studiedAt > 캘리포니아 공과대학교
        ~오세린 > advisedBy > Frances Holloway
        ~오세린 > workedAt > 한국과학기술연구원
        ~강민혁 > workedAt > 화학생물공학부|한빛대학교
        ~강민혁 > workedAt > LG화학 기술연구원|LG화학
    """,
    "news_nagroda_pl.html": """
        ?Szkoła Doktorska Nauk Ścisłych > partOf > Uniwersytet Pomorsko-Kaszubski
        ?Zakład Chemii Koordynacyjnej > partOf > Wydział Chemii|Uniwersytet Pomorsko-Kaszubski
        ~Joanna Wiśniewska > studiedAt > Szkoła Doktorska Nauk Ścisłych|Uniwersytet Pomorsko-Kaszubski
        ?Joanna Wiśniewska > studiedAt > Zakład Chemii Koordynacyjnej|Wydział Chemii|Uniwersytet Pomorsko-Kaszubski
        ~Joanna Wiśniewska > advisedBy > Tadeusz Malinowski
        ~Joanna Wiśniewska > advisedBy > Natalia Kubiak
        ~Joanna Wiśniewska > studiedAt > Politechnika Gdańska
        ~Joanna Wiśniewska > studiedAt|workedAt > Uniwersytet w Lipsku
    """,
    "team_shortcodes_nl.md": """
        ~Onderzoeksgroep Stedelijke Hydrologie > partOf > Faculteit Civiele Techniek|Technische Universiteit Zuidhaven
        ?Faculteit Civiele Techniek > partOf > Technische Universiteit Zuidhaven
        ~Marloes Vermeulen > workedAt > Onderzoeksgroep Stedelijke Hydrologie|Faculteit Civiele Techniek|Technische Universiteit Zuidhaven
        Marloes Vermeulen > studiedAt > Universiteit Twente
        ~Pieter-Jan Hoekstra > workedAt > Onderzoeksgroep Stedelijke Hydrologie|Faculteit Civiele Techniek|Technische Universiteit Zuidhaven
        ~Yara El Amrani > studiedAt > Onderzoeksgroep Stedelijke Hydrologie|Technische Universiteit Zuidhaven
        Yara El Amrani > advisedBy > Marloes Vermeulen
        Yara El Amrani > advisedBy > Pieter-Jan Hoekstra
        ~Bram Kuipers > studiedAt > Onderzoeksgroep Stedelijke Hydrologie|Technische Universiteit Zuidhaven
        Bram Kuipers > advisedBy > Marloes Vermeulen
        Sanne Visser > workedAt > Rijkswaterstaat
        ?Sanne Visser > studiedAt > Onderzoeksgroep Stedelijke Hydrologie|Technische Universiteit Zuidhaven
        Thijs Bakker > workedAt > Universiteit Gent
        ?Thijs Bakker > studiedAt > Onderzoeksgroep Stedelijke Hydrologie|Technische Universiteit Zuidhaven
    """,
    "med_faculty_profile.html": """
        Marguerite Olawale-Brandt > workedAt > Department of Medicine|Ashcombe School of Medicine
        ?Marguerite Olawale-Brandt > workedAt > Division of Cardiovascular Medicine|Department of Medicine|Ashcombe School of Medicine
        ?Marguerite Olawale-Brandt > workedAt > Heart Failure Research Program|Ashcombe University Hospital
        ?Department of Medicine > partOf > Ashcombe School of Medicine
        Marguerite Olawale-Brandt > workedAt > Ashcombe University Hospital
        Marguerite Olawale-Brandt > workedAt > Riverside Veterans Medical Center
        Marguerite Olawale-Brandt > studiedAt > University of Ibadan College of Medicine|University of Ibadan
        Marguerite Olawale-Brandt > studiedAt > University of Edinburgh
        ?Marguerite Olawale-Brandt > workedAt|studiedAt > Massachusetts General Hospital
        ?Marguerite Olawale-Brandt > workedAt|studiedAt > Cleveland Clinic
    """,
    "humanities_people.html": """
        ?Department of Classics > partOf > Wexcombe University
        Cordelia Vantongeren > workedAt > Department of Classics|Wexcombe University
        Cordelia Vantongeren > studiedAt > University of Toronto
        Emeka Nwosu-Hart > workedAt > Department of Classics|Wexcombe University
        Emeka Nwosu-Hart > studiedAt > University of Oxford
        Walther Imhof > workedAt > Department of Classics|Wexcombe University
        Rosalind Achterberg > workedAt > Universiteit van Groningen
        Rosalind Achterberg > workedAt > Department of Classics|Wexcombe University
        Tadhg Moriarty > studiedAt > Department of Classics|Wexcombe University
        Tadhg Moriarty > advisedBy > Cordelia Vantongeren
        Samira El-Khoury > studiedAt > Department of Classics|Wexcombe University
        Samira El-Khoury > advisedBy > Emeka Nwosu-Hart
        Samira El-Khoury > advisedBy > Cordelia Vantongeren
        Jonah Feldstein > studiedAt > Department of Classics|Wexcombe University
        Jonah Feldstein > advisedBy > Walther Imhof
    """,
    "collaboration_institutions.html": """
        ?Dipartimento di Fisica > partOf > Università di Castelbruno
        ~Lorenzo Bettazzi > workedAt > Dipartimento di Fisica|Università di Castelbruno
        ~Ilaria Santoro > workedAt > Dipartimento di Fisica|Università di Castelbruno
        ~Matteo Guerrieri > workedAt > Dipartimento di Fisica|Università di Castelbruno
        ?Department of Physics > partOf > Norrfjäll University
        ~Astrid Lundqvist > workedAt > Department of Physics|Norrfjäll University
        ~Henrik Dalberg > workedAt > Department of Physics|Norrfjäll University
        ~Patrick O'Halloran > workedAt > Ridgemoor National Laboratory
        ~Yetunde Adebayo > workedAt > Ridgemoor National Laboratory
        ~Carlos Mendonça > workedAt > Ridgemoor National Laboratory
        ~Fiona MacAskill > workedAt > Kirkhaven University
    """,
    "obituary_tribute.md": """
        Desmond Achebe-Lyle > workedAt > University of Harwick
        ?Desmond Achebe-Lyle > workedAt > School of Earth Sciences|University of Harwick
        ~Desmond Achebe-Lyle > studiedAt > University of Nigeria, Nsukka|University of Nigeria
        ~Desmond Achebe-Lyle > studiedAt > University of Cambridge
        ~Desmond Achebe-Lyle > advisedBy > Ronald Pettigrew
        Desmond Achebe-Lyle > workedAt > Lamont Geological Observatory
        ~Margaret Oyelaran > advisedBy > Desmond Achebe-Lyle
        ~Margaret Oyelaran > workedAt > University of Ghana
        ?Margaret Oyelaran > studiedAt > University of Harwick
        ~Julian Ferreira-Stout > advisedBy > Desmond Achebe-Lyle
        ~Julian Ferreira-Stout > workedAt > British Geological Survey
        ?Julian Ferreira-Stout > studiedAt > University of Harwick
    """,
    "orcid_export.html": """
        Yusuf Kaplanoğlu > workedAt > School of Ocean Sciences|Kestrel Bay University
        ?School of Ocean Sciences > partOf > Kestrel Bay University
        ~Yusuf Kaplanoğlu > workedAt > Woods Harbor Oceanographic Institution
        Yusuf Kaplanoğlu > workedAt > Institute of Marine Sciences|Middle East Technical University
        ?Institute of Marine Sciences > partOf > Middle East Technical University
        Yusuf Kaplanoğlu > studiedAt > School of Oceanography|University of Washington
        ?School of Oceanography > partOf > University of Washington
        ~Yusuf Kaplanoğlu > studiedAt > Middle East Technical University
    """,
    "grant_project.html": """
        Alisha Pemberton-Rao > workedAt > University of Thornbury
        Gareth Llewellyn > workedAt > Aberwen University
        Oksana Hrytsenko > workedAt > Marlowe Institute for Agricultural Research
        Felipe Arancibia > workedAt > University of Thornbury
        Niamh Gallagher > studiedAt > Aberwen University
    """,
    "notion_team_export.html": """
        Computational Linguistics Group > partOf > Fenmoor University
        Ines Haraldsdóttir > workedAt > Computational Linguistics Group|Fenmoor University
        Ines Haraldsdóttir > workedAt > University of Iceland
        Malik Okafor-Reyes > workedAt > Computational Linguistics Group|Fenmoor University
        Malik Okafor-Reyes > studiedAt > University of Edinburgh
        Hannah Zilberstein > studiedAt > Computational Linguistics Group|Fenmoor University
        Hannah Zilberstein > advisedBy > Ines Haraldsdóttir
        Théo Marchetti > studiedAt > Computational Linguistics Group|Fenmoor University
        Théo Marchetti > advisedBy > Malik Okafor-Reyes
        ?Théo Marchetti > advisedBy > Ines Haraldsdóttir
        Rebecca Oduya > workedAt > Spotify
        ?Rebecca Oduya > studiedAt > Computational Linguistics Group|Fenmoor University
        ?Rebecca Oduya > advisedBy > Ines Haraldsdóttir
        Kenji Arakawa > workedAt > University of Kent
        ?Kenji Arakawa > workedAt > Computational Linguistics Group|Fenmoor University
    """,
    "minimal_mistakes_author.md": """
        Priyanka Venkatesh > workedAt > Department of Computer Science|Holloway State University
        ?Department of Computer Science > partOf > Holloway State University
        ?Priyanka Venkatesh > workedAt > Trustworthy Systems Lab|Department of Computer Science|Holloway State University
        ?Trustworthy Systems Lab > partOf > Department of Computer Science|Holloway State University
        ~Priyanka Venkatesh > workedAt > INRIA Paris
        Priyanka Venkatesh > mentoredBy|advisedBy > Sébastien Caradec
        Priyanka Venkatesh > studiedAt > University of Wisconsin–Madison
        Priyanka Venkatesh > advisedBy > Daniel Oyelowo
        Priyanka Venkatesh > studiedAt > IIT Madras
    """,
    "group_people_colon.md": """
        ~Ottilie Varga > advisedBy > Halvard Bremnes
        ?Lorcan Featherstone > advisedBy > Halvard Bremnes
        Casimir Dunleavy > advisedBy > Halvard Bremnes
        Casimir Dunleavy > workedAt > Tessellate Systems
        Rosalind Achterberg > advisedBy > Halvard Bremnes
        Rosalind Achterberg > workedAt > Quarrystone Analytics|Compiler group
        ~Compiler group > partOf > Quarrystone Analytics
        ?Benedikt Oyelaran > advisedBy > Halvard Bremnes
        ?Marisol Quenneville > advisedBy > Halvard Bremnes
        Marisol Quenneville > studiedAt > University of Westmarch
        ?Tobiah Rasmussen > advisedBy > Halvard Bremnes
        Tobiah Rasmussen > workedAt > Lumen Forge
        Yusuf Threlkeld > advisedBy > Halvard Bremnes
        Yusuf Threlkeld > advisedBy > Ilse Markov
        Yusuf Threlkeld > studiedAt > Kestrel University
        ?Anneliese Pruitt > advisedBy > Halvard Bremnes
        Anneliese Pruitt > workedAt > Brightwater Media
    """,
    "team_zh_destinations.md": """
        林若溪 > studiedAt > 青岚大学
        ?林若溪 > advisedBy > Unnamed document subject
        顾云舟 > workedAt > 星河AI研究院
        ?顾云舟 > advisedBy > Unnamed document subject
        沈知远 > studiedAt > 东陵大学
        ?沈知远 > advisedBy > Unnamed document subject
    """,
}


#: Pages of issue 14's sixth round kept aside, unseen, while the extractor was fixed for the other eight of the
#: round: what they score is the held-out figure (relation F1 0.472 -> 0.472, mean 0.384 -> 0.384, career 0.472 ->
#: 0.472: none of the fixes carried over to them); the eight went from 0.230 / 0.151 / 0.250 to 0.839 / 0.737 / 0.885.
#: The floor below leaves them out rather than be lowered for them. The Russian, Czech and Polish pages, measured
#: since, came back once the words of those languages became data rows (0 / 0 / 0 -> 0.737 / 0.636 / 0).
#: The seventh round kept three of its eight aside the same way (relation F1 0.357 -> 0.357, mean 0.371 -> 0.371, career
#: 0.357 -> 0.357); the five it was fixed for went from 0.674 / 0.636 / 0.674 to 0.930 / 0.902 / 0.930.
HELD_OUT = {"drupal_team_cards.html", "director_about.html", "keynote_speakers.md",
            "collaboration_institutions.html", "orcid_export.html", "obituary_tribute.md"}


def _key(name: str) -> str:
    """A name as the grader compares it: accents, case, punctuation and word order aside."""
    text = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)).lower()
    return " ".join(sorted(re.sub(r"^the ", "", " ".join(re.sub(r"[^\w\s]", " ", text.replace("&", " and ")).split())).split()))


def _facts(fixture: str) -> list[tuple[str, tuple[set[str], set[str], set[str]]]]:
    """``(mark, (subjects, predicates, objects))`` of a fixture's facts; mark is ``""``, ``"?"`` or ``"~"``."""
    out = []
    for line in FACTS[fixture].strip().splitlines():
        line = line.strip()
        mark = line[0] if line[0] in "?~" else ""
        parts = [set(p.strip() for p in part.split("|")) for part in line.lstrip("?~").split(" > ")]
        out.append((mark, tuple(parts)))
    return out


def _found(ex) -> set[tuple[str, str, str]]:
    """The extraction's relations, each name and alias of their ends written as :func:`_key`."""
    def keys(eid):
        entity = ex.entity(eid)
        return [_key(n) for n in (entity.name, *entity.aliases)]
    return {(s, r.predicate, o) for r in ex.relations for s in keys(r.subject) for o in keys(r.object)}


def _holds(found, fact) -> bool:
    subjects, predicates, objects = fact
    return any((_key(s), p, _key(o)) in found for s in subjects for p in predicates for o in objects)


def gold(fixture: str) -> dict:
    """A fixture's facts as a gold file of ``/work/shared/eval/GUIDELINES.md``: each fact a relation to the
    first organisation it names, the others (a unit's parents) made its parents by optional ``partOf``
    relations, each end typed by its predicate (people, publications, venues, else organisations), a ``?``
    fact optional, a second predicate an optional relation; the subject is whom most
    people are advised by, else whom most facts are about (none on a page about several people)."""
    relations, people, orgs, publications, venues = [], set(), set(), set(), set()
    for line in FACTS[fixture].strip().splitlines():
        mark = line.strip()[0] if line.strip()[0] in "?~" else ""
        subject, predicates, objects = ([p.strip() for p in part.split("|")] for part in line.strip().lstrip("?~").split(" > "))
        (publications if predicates[0] == "publishedIn" else people).add(subject[0])
        {"advisedBy": people, "mentoredBy": people, "coauthored": people, "authored": publications,
         "publishedIn": venues}.get(predicates[0], orgs).update(objects)
        for i, predicate in enumerate(predicates):
            relations.append({"subject": subject[0], "predicate": predicate, "object": objects[0],
                              **({"optional": True} if mark == "?" or i else {})})
        relations += [{"subject": objects[0], "predicate": "partOf", "object": parent, "optional": True}
                      for parent in objects[1:]]
    if any(r["predicate"] == "partOf" and r["subject"] in people for r in relations):
        people -= orgs
    advisors = Counter(r["object"] for r in relations if r["predicate"] == "advisedBy")
    about = Counter(r["subject"] for r in relations if r["subject"] in people)
    subject = next((name for name, n in advisors.most_common(1) if n >= 2), None) or next(
        (name for name, n in about.most_common(1) if n >= 0.6 * sum(about.values())), None)
    entities = [{"name": n, "type": "Person"} for n in sorted(people)] + [
        {"name": n, "type": "University" if re.search(r"Univers|大学|대학교", n) else "Lab"} for n in sorted(orgs - people)] + [
        {"name": n, "type": "Publication"} for n in sorted(publications)] + [{"name": n, "type": "Venue"} for n in sorted(venues)]
    return {"document": fixture, "subject": subject, "entities": entities, "relations": relations}


def grade(fixtures=None) -> Report:
    """The fixtures graded as ``kg evaluate`` grades the evaluation documents."""
    return Report([score_document(gold(f), run(f).to_json()) for f in sorted(fixtures or FACTS)])


@pytest.mark.parametrize("fixture", sorted(FACTS))
def test_page_facts(fixture):
    found = _found(run(fixture))
    missed = [fact for mark, fact in _facts(fixture) if mark == "" and not _holds(found, fact)]
    assert not missed, missed


def test_pages_graded_as_the_evaluation_documents_are():
    """The figures issue 14 aims at on documents nobody here has seen: relation F1 >= 0.75, the mean over
    documents >= 0.65, career relations >= 0.65 (these pages hold no publications)."""
    report = grade(sorted(set(FACTS) - HELD_OUT))
    assert report.relation_f1 >= 0.8 and report.macro_relation_f1 >= 0.75 and report.career_f1 >= 0.8, (
        report.relation_f1, report.macro_relation_f1, report.career_f1)


if __name__ == "__main__":  # python -m tests.test_extract_pages: each fixture's grade and the totals
    graded = grade()
    for document in graded.documents:
        counts = document.relation_counts()
        print(f"{document.document:34} relation F1 {counts.f1:.3f} ({counts.tp} found, {counts.fp} false, {counts.fn} missed)"
              f"{'' if document.subject_found in (None, True) else '  (subject not found)'}")
    print(f"relation F1 {graded.relation_f1:.3f}, mean over documents {graded.macro_relation_f1:.3f}, "
          f"career relations {graded.career_f1:.3f}, entity F1 {graded.entity_f1:.3f}")
