"""Invented CVs in French, Portuguese, Italian, German, Spanish, Indonesian and English, each rendered
as a PDF with one of the layouts of :mod:`pdf_cvs`, for the held-out CV formats set (tests/data/cv_formats).

>>> sorted(PDF_CVS)[0]
'cv_de_date_column.pdf'
"""
from __future__ import annotations

from pathlib import Path

from pdf_cvs import CV, Entry, Section, render

__all__ = ["PDF_CVS", "write_pdfs"]

_FR = CV(
    name="Solène Marchetti-Dubois",
    header=("Maîtresse de conférences en écologie", "Université de Montpellier", "solene.marchetti@example.fr"),
    updated="mis à jour en mai 2024",
    sidebar=(Section("Langues", (Entry("Français (langue maternelle), anglais (courant), italien (bon)"),)),),
    sections=(
        Section("Expérience professionnelle", (
            Entry("Maîtresse de conférences, Université de Montpellier", "depuis 2019",
                  ("Écologie des communautés de pollinisateurs",)),
            Entry("Chercheuse postdoctorale, Institut national de recherche pour l'agriculture, l'alimentation "
                  "et l'environnement (INRAE), Avignon", "2016–2019"),
        )),
        Section("Formation", (
            Entry("Doctorat en écologie, Université Grenoble Alpes", "2012–2016",
                  ("Directeur de thèse : Pr Armand Vercoutre",)),
            Entry("Master Biodiversité, Écologie et Évolution, Sorbonne Université", "2010–2012"),
        )),
        Section("Publications", (
            Entry("Marchetti-Dubois, S., Vercoutre, A. et Lindahl, K. Pollinator turnover along alpine gradients. "
                  "Journal of Ecology Letters, 14(2):77–90, 2017."),
            Entry("Lindahl, K. et Marchetti-Dubois, S. Wild bee nesting in olive orchards. Apidologie Notes, "
                  "9:12–26, 2021."),
        ), numbered=True),
    ),
)

_PT = CV(
    name="Thiago Albuquerque Serrano",
    header=("Pesquisador em Oceanografia Física", "Universidade Federal do Rio Grande do Sul",
            "thiago.serrano@example.br"),
    updated="atualizado em março de 2024",
    sidebar=(
        Section("Idiomas", (Entry("Português (nativo), Inglês (fluente), Espanhol (intermediário)"),)),
        Section("Competências", (Entry("Modelagem numérica, Fortran, Python, cruzeiros oceanográficos"),)),
    ),
    sections=(
        Section("Experiência", (
            Entry("Professor Adjunto, Instituto de Geociências, Universidade Federal do Rio Grande do Sul",
                  "2020–atual"),
            Entry("Pesquisador de pós-doutorado, Instituto Nacional de Pesquisas Espaciais", "2017–2020"),
        )),
        Section("Formação Acadêmica", (
            Entry("Doutorado em Oceanografia, Universidade de São Paulo", "2013–2017",
                  ("Orientador: Prof. Dr. Otávio Bittencourt Lage",)),
            Entry("Bacharelado em Oceanografia, Universidade Federal do Rio Grande", "2008–2012"),
        )),
        Section("Publicações", (
            Entry("Serrano, T. A. and Bittencourt Lage, O. Eddy shedding at the Brazil-Malvinas confluence. "
                  "Journal of Physical Oceanography, 47(6):1401–1420, 2017."),
            Entry("Kowalczyk, M. and Serrano, T. A. Shelf waves on the southern Brazilian shelf. "
                  "Continental Shelf Research, 211:104–119, 2021."),
        ), numbered=True),
    ),
)

_IT = CV(
    name="Federica Lombardini",
    header=("Professoressa associata di Economia", "Università Bocconi", "federica.lombardini@example.it"),
    updated="aggiornato a febbraio 2024",
    sidebar=(),
    sections=(
        Section("Esperienze professionali", (
            Entry("Professoressa associata, Dipartimento di Economia, Università Bocconi", "2021–oggi"),
            Entry("Economista, Banca d'Italia, Servizio Studi", "2016–2021"),
        )),
        Section("Istruzione", (
            Entry("Dottorato di ricerca in Economia, European University Institute", "2011–2016",
                  ("Relatore: Prof. Tancredi Malvezzi",)),
            Entry("Laurea magistrale in Economia, Università di Torino", "2009–2011"),
        )),
        Section("Pubblicazioni", (
            Entry("Lombardini, F. e Malvezzi, T. Bank lending and monetary transmission in the euro area. "
                  "Journal of Monetary Economics, 88:14–31, 2018."),
            Entry("Ørsted, L. e Lombardini, F. Household debt and regional house prices. Economic Policy, "
                  "36(1):55–97, 2022."),
        ), numbered=True),
    ),
)

_DE = CV(
    name="Matthias Oberhuber",
    header=("Professor für Werkstoffwissenschaft", "Technische Universität Graz", "m.oberhuber@example.at"),
    updated="Stand: Januar 2024",
    sidebar=(),
    sections=(
        Section("Werdegang", (
            Entry("Universitätsprofessor, Institut für Materialphysik, Technische Universität Graz", "seit 2018"),
            Entry("Gruppenleiter, Max-Planck-Institut für Eisenforschung, Düsseldorf", "2012–2018"),
        )),
        Section("Ausbildung", (
            Entry("Promotion in Werkstoffwissenschaft, Montanuniversität Leoben", "2008–2012",
                  ("Betreuer: Univ.-Prof. Dr. Egon Pichlmayr",)),
            Entry("Diplomstudium Werkstoffwissenschaft, Montanuniversität Leoben", "2002–2008"),
        )),
        Section("Schriftenverzeichnis", (
            Entry("Oberhuber, M. und Pichlmayr, E. Hydrogen trapping at carbide interfaces in martensitic "
                  "steels. Acta Materialia, 61(4):1210–1224, 2013."),
            Entry("Sandoval, R. und Oberhuber, M. Grain boundary segregation in nickel superalloys. "
                  "Scripta Materialia, 190:88–93, 2021."),
        ), numbered=True),
    ),
)

_EN = CV(
    name="Callum Fairweather-Osei",
    header=("Reader in Neuroscience", "University of Edinburgh", "c.fairweather@example.ac.uk"),
    sidebar=(),
    sections=(
        Section("Appointments", (
            Entry("Reader in Neuroscience, Centre for Discovery Brain Sciences, University of Edinburgh",
                  "2019–present"),
            Entry("Sir Henry Wellcome Postdoctoral Fellow, University College London", "2014–2019"),
        )),
        Section("Degrees", (
            Entry("PhD in Neuroscience, University of Cambridge", "2010–2014",
                  ("Supervisor: Dr. Imogen Westerby",)),
            Entry("BSc in Psychology, University of Ghana", "2006–2010"),
        )),
        Section("Refereed Articles", (
            Entry("Fairweather-Osei, C. and Westerby, I. Grid cell remapping in novel environments. "
                  "Neuron, 84(3):601–615, 2014."),
            Entry("Nakashima, R. and Fairweather-Osei, C. Theta sequences during path planning. "
                  "Nature Neuroscience, 24:1120–1131, 2021."),
        ), numbered=True),
    ),
)

_ES = CV(
    name="Gonzalo Irazábal Quintana",
    header=("Catedrático de Ingeniería Química", "Universidad de Zaragoza", "g.irazabal@example.es"),
    updated="actualizado en enero de 2024",
    sidebar=(Section("Idiomas", (Entry("Español (nativo), inglés (C1), francés (B2)"),)),),
    sections=(
        Section("Trayectoria profesional", (
            Entry("Catedrático de Universidad, Departamento de Ingeniería Química, Universidad de Zaragoza",
                  "2018–actualidad"),
            Entry("Investigador, Instituto de Carboquímica (ICB-CSIC), Zaragoza", "2011–2018"),
        )),
        Section("Formación académica", (
            Entry("Doctorado en Ingeniería Química, Universidad de Valladolid", "2006–2010",
                  ("Director de tesis: Dr. Anselmo Villalobos Requena",)),
            Entry("Ingeniería Química, Universidad de Oviedo", "2001–2006"),
        )),
        Section("Publicaciones", (
            Entry("Irazábal Quintana, G. y Villalobos Requena, A. Chemical looping combustion with iron ores. "
                  "Fuel Processing Technology, 91(3):250–262, 2010."),
            Entry("Hartmann, S. y Irazábal Quintana, G. Oxygen carriers for biomass gasification. "
                  "Applied Energy, 302:117–131, 2021."),
        ), numbered=True),
    ),
)

_FR2 = CV(
    name="Yannick Le Guennec",
    header=("Ingénieur de recherche en océanographie", "Ifremer", "yannick.leguennec@example.fr"),
    updated="mis à jour en mars 2024",
    sidebar=(Section("Compétences", (Entry("Modélisation hydrodynamique, Python, campagnes en mer"),)),),
    sections=(
        Section("Expériences", (
            Entry("Ingénieur de recherche, Institut français de recherche pour l'exploitation de la mer (Ifremer), Brest",
                  "depuis 2019"),
            Entry("Chercheur postdoctoral, Université de Bretagne Occidentale", "2016–2019"),
        )),
        Section("Diplômes", (
            Entry("Doctorat en océanographie physique, Sorbonne Université", "2012–2016",
                  ("Directrice de thèse : Dr Anne-Sophie Kervella",)),
            Entry("Diplôme d'ingénieur, École Centrale de Nantes", "2009–2012"),
        )),
        Section("Articles", (
            Entry("Le Guennec, Y. et Kervella, A.-S. Internal tides over the Armorican shelf break. "
                  "Ocean Modelling, 104:33–48, 2016."),
            Entry("Duarte, F. et Le Guennec, Y. Storm surges in the Iroise Sea. Continental Shelf Research, "
                  "230:104–118, 2021."),
        ), numbered=True),
    ),
)

_NL = CV(
    name="Marieke Schoonhoven-Adeyemi",
    header=("Associate Professor of Hydraulic Engineering", "Delft University of Technology",
            "m.schoonhoven@example.nl"),
    updated="updated April 2024",
    sidebar=(
        Section("Languages", (Entry("Dutch (native), English (fluent), Yoruba (basic)"),)),
        Section("Skills", (Entry("Delft3D, OpenFOAM, flume experiments, field surveys"),)),
    ),
    sections=(
        Section("Employment", (
            Entry("Associate Professor, Faculty of Civil Engineering and Geosciences, Delft University of Technology",
                  "2020–present"),
            Entry("Researcher, Deltares, Delft", "2014–2020"),
        )),
        Section("Education", (
            Entry("PhD in Civil Engineering, University of Twente", "2010–2014",
                  ("Promotor: Prof. dr. ir. Hendrik Zwanenburg",)),
            Entry("MSc in Hydraulic Engineering, Delft University of Technology", "2008–2010"),
        )),
        Section("Grants", (
            Entry("NWO Vidi grant SANDWAVE, principal investigator", "2021–2026"),
            Entry("Horizon 2020 project DUNEFRONT, work package leader", "2017–2020"),
        )),
        Section("PhD students", (
            Entry("Jurre Bakhuizen (2021–), co-supervised with Hendrik Zwanenburg"),
            Entry("Amara Okeke (2017–2021), now at Rijkswaterstaat"),
        )),
        Section("Journal articles", (
            Entry("Schoonhoven-Adeyemi, M. and Zwanenburg, H. Migration of tidal sand waves in the North Sea. "
                  "Journal of Geophysical Research: Earth Surface, 119(5):1021–1040, 2014."),
            Entry("Okeke, A., Bakhuizen, J. and Schoonhoven-Adeyemi, M. Dune roughness under unsteady flow. "
                  "Coastal Engineering, 171:104–121, 2022."),
        ), numbered=True),
    ),
)

_DE2 = CV(
    name="Dr. Ansgar Wiedemeyer-Kolb",
    header=("Gruppenleiter Biokatalyse", "Fraunhofer-Institut für Grenzflächen- und Bioverfahrenstechnik IGB",
            "ansgar.wiedemeyer@example.de"),
    updated="Stand: April 2024",
    sidebar=(),
    sections=(
        Section("Beruflicher Werdegang", (
            Entry("Gruppenleiter Biokatalyse, Fraunhofer-Institut für Grenzflächen- und Bioverfahrenstechnik IGB, "
                  "Stuttgart", "seit 07/2019"),
            Entry("Laborleiter Enzymtechnik, Evonik Operations GmbH, Hanau", "01/2015 – 06/2019"),
            Entry("Postdoktorand, Institut für Technische Biochemie, Universität Stuttgart", "2012 – 2014",
                  ("Betreuung: Prof. Dr. Reinhild Sattelberger",)),
        )),
        Section("Ausbildung", (
            Entry("Promotion (Dr. rer. nat.) in Biochemie, Ruprecht-Karls-Universität Heidelberg", "2008 – 2012",
                  ("Doktorvater: Prof. Dr. Eberhard Quandt-Loewe",)),
            Entry("Diplom Biologie, Universität Konstanz", "2002 – 2008"),
        )),
        Section("Ausgewählte Publikationen", (
            Entry("Wiedemeyer-Kolb, A., Quandt-Loewe, E.: Directed evolution of a thermostable transaminase. "
                  "ChemBioChem 13 (2012) 1789–1797."),
            Entry("Sattelberger, R., Wiedemeyer-Kolb, A., Oyelaran, T.: Immobilised lipases in flow reactors. "
                  "ACS Catalysis 4 (2014) 2210–2219."),
        )),
    ),
)

_ID = CV(
    name="Dewi Kartika Sari",
    header=("Dosen Teknik Sipil", "Institut Teknologi Bandung", "dewi.sari@example.ac.id"),
    updated="diperbarui Maret 2024",
    sidebar=(Section("Bahasa", (Entry("Indonesia (ibu), Inggris (fasih), Jepang (dasar)"),)),),
    sections=(
        Section("Pendidikan", (
            Entry("Doktor Teknik Sipil, Institut Teknologi Bandung", "2012–2016",
                  ("Promotor: Prof. Ir. Bambang Suryanto",)),
            Entry("Magister Teknik Sipil, Universitas Gadjah Mada", "2010–2012"),
        )),
        Section("Pengalaman Kerja", (
            Entry("Dosen, Fakultas Teknik Sipil dan Lingkungan, Institut Teknologi Bandung", "2017–sekarang"),
            Entry("Peneliti, Badan Riset dan Inovasi Nasional, Jakarta", "2016–2017"),
        )),
        Section("Publikasi", (
            Entry("Sari, D. K. dan Suryanto, B. Seismic fragility of reinforced concrete schools in West Java. "
                  "Earthquake Spectra, 32(4):2101–2120, 2016."),
            Entry("Wibowo, A., Sari, D. K. dan Tanaka, H. Liquefaction mapping from cone penetration data. "
                  "Soils and Foundations, 61:88–101, 2021."),
        ), numbered=True),
    ),
)

_PT2 = CV(
    name="Mariana Coutinho Albernaz",
    header=("Médica cardiologista e investigadora clínica", "Centro Hospitalar Universitário de São João",
            "mariana.albernaz@example.pt"),
    updated="atualizado em abril de 2024",
    sidebar=(),
    sections=(
        Section("Percurso profissional", (
            Entry("Assistente Hospitalar de Cardiologia, Centro Hospitalar Universitário de São João, Porto",
                  "2019–presente"),
            Entry("Interna de formação específica em Cardiologia, Hospital de Santa Maria, Lisboa", "2013–2019"),
            Entry("Investigadora convidada, Karolinska Institutet, Estocolmo", "2017–2018",
                  ("Mentora: Prof.ª Ingrid Wahlberg",)),
        )),
        Section("Habilitações académicas", (
            Entry("Doutoramento em Medicina, Faculdade de Medicina da Universidade do Porto", "2015–2020",
                  ("Orientador: Prof. Doutor Joaquim Seabra Leitão",)),
            Entry("Mestrado Integrado em Medicina, Universidade de Coimbra", "2006–2012"),
        )),
        Section("Artigos publicados", (
            Entry("Albernaz, M. C., Seabra Leitão, J. e Wahlberg, I. Troponin kinetics after transcatheter aortic "
                  "valve implantation. Revista Portuguesa de Cardiologia, 38(5):311–319, 2019."),
            Entry("Fonseca, R. e Albernaz, M. C. Atrial fibrillation screening in primary care. Europace, "
                  "24:1402–1410, 2022."),
        ), numbered=True),
    ),
)

# a French academic CV whose entries open with a word and a year ("Depuis 2021", "Mai 2019"), not a date column
_FR3 = CV(
    name="Ilse Varnholt-Okafor",
    header=("Maîtresse de conférences en économie", "Université de Lindenau", "ilse.varnholt@example.fr"),
    updated="mis à jour en mars 2025",
    sidebar=(),
    sections=(
        Section("Poste actuel", (
            Entry("Depuis 2023 Maîtresse de conférences, Université de Lindenau"),
        )),
        Section("Postes précédents", (
            Entry("Depuis 2021 Postdoctorante, École d'économie de Rostburg (EER), Chaire Transition énergétique, "
                  "modélisation de la demande d'électricité des ménages sur la voie de la neutralité carbone,"),
            Entry("Encadrée par Jana Okafor et Marek Dvorak"),
            Entry("Depuis 2021 Chercheuse associée, Institut Marin de Valdemora (IMV)"),
        )),
        Section("Formations et diplômes", (
            Entry("2016-2021 Doctorat en sciences économiques, Université de Rostburg"),
            Entry("Superviseurs : Tomas Berg, Lotte Maas"),
        )),
        Section("Séjours de recherche", (
            Entry("Mai 2019 Chercheuse invitée, Observatoire de Valdemora"),
        )),
        Section("Expériences d'enseignement", (
            Entry("2019-2021 Attachée temporaire d'enseignement et de recherche, Université de Rostburg"),
        )),
        Section("Publications dans des revues à comité de lecture", (
            Entry("I. Varnholt-Okafor, T. Berg (2022), Tidal energy demand in coastal towns, Journal of Coastal "
                  "Economics, 12(3), 45–67."),
        )),
    ),
)

#: File name -> (CV, layout).
PDF_CVS = {
    "cv_fr_date_column.pdf": (_FR, "date_column"),
    "cv_pt_sidebar.pdf": (_PT, "sidebar"),
    "cv_it_running_header.pdf": (_IT, "running_header"),
    "cv_de_publications.pdf": (_DE, "publications"),
    "cv_en_hyphenated.pdf": (_EN, "hyphenated"),
    "cv_es_publications.pdf": (_ES, "publications"),
    "cv_fr_sidebar.pdf": (_FR2, "sidebar"),
    "cv_nl_grants_sidebar.pdf": (_NL, "sidebar"),
    "cv_de_date_column.pdf": (_DE2, "date_column"),
    "cv_id_two_column.pdf": (_ID, "two_column"),
    "cv_pt_clinica_date_column.pdf": (_PT2, "date_column"),
    "cv_fr_postes_date_column.pdf": (_FR3, "date_column"),
}


def write_pdfs(folder: Path) -> list[Path]:
    """Render every CV of :data:`PDF_CVS` into ``folder``; the paths written."""
    paths = []
    for name, (cv, layout) in PDF_CVS.items():
        path = Path(folder) / name
        path.write_bytes(render(cv, layout))
        paths.append(path)
    return paths


if __name__ == "__main__":  # python tests/cv_format_pdfs.py OUT_DIR: the PDFs for `kg evaluate`
    import sys

    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    print("\n".join(str(path) for path in write_pdfs(folder)))
